"""A refused setting said in the TD's words: "Level 7: the big blind (300) must be more than the small
blind (400)", never "levels[6].big_blind must be greater than small_blind".

The core refuses a config with `CONFIG_INVALID`, the dotted field at fault and, for every rule a TD can
break from the structure editor or the settings dialog, the rule's name and its facts (`rule`,
`minimum`, `level`...). This module words that refusal in the user's language from those parameters;
a refusal it has no words for keeps the core's English message, so nothing is ever shown blank.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.protocol.errors import TourneyError
from .i18n import tr
from .qt import QT_TRANSLATE_NOOP, QCoreApplication, QLocale

CONTEXT = "setting_words"


def _tr(text: str, count: int = -1) -> str:
    return QCoreApplication.translate(CONTEXT, text, None, count)


# The settings by the key the refusal names (a level's own keys without their `levels[N].`), as the TD
# calls them; each a noun group that can start or continue a sentence.
_WHAT: dict[str, object] = {
    "small_blind": QT_TRANSLATE_NOOP("setting_words", "the small blind"),
    "big_blind": QT_TRANSLATE_NOOP("setting_words", "the big blind"),
    "ante": QT_TRANSLATE_NOOP("setting_words", "the ante"),
    "ante_kind": QT_TRANSLATE_NOOP("setting_words", "the ante kind"),
    "minutes": QT_TRANSLATE_NOOP("setting_words", "the length in minutes"),
    "break_minutes": QT_TRANSLATE_NOOP("setting_words", "the break's length in minutes"),
    "color_up": QT_TRANSLATE_NOOP("setting_words", "a colour-up chip"),
    "name": QT_TRANSLATE_NOOP("setting_words", "the tournament's name"),
    "registration.until_level": QT_TRANSLATE_NOOP("setting_words", "the last level of late registration"),
    "reentry.max": QT_TRANSLATE_NOOP("setting_words", "the re-entries per player"),
    "rebuy.until_level": QT_TRANSLATE_NOOP("setting_words", "the last level of rebuys"),
    "early_bird.until_level": QT_TRANSLATE_NOOP("setting_words", "the last level of the early-bird bonus"),
    "add_on.at_break_after_level": QT_TRANSLATE_NOOP("setting_words", "the add-on's break"),
    "seating.seats_per_table": QT_TRANSLATE_NOOP("setting_words", "the seats per table"),
    "seating.final_table_size": QT_TRANSLATE_NOOP("setting_words", "the final table's size"),
    "seating.balance.tolerance": QT_TRANSLATE_NOOP("setting_words", "the balance tolerance"),
    "seating.balance.floor": QT_TRANSLATE_NOOP("setting_words", "the players a table stops at"),
    "seating.hand_for_hand_pay_jumps": QT_TRANSLATE_NOOP("setting_words", "the pay jumps played hand-for-hand"),
    "bounty.cash_share_bp": QT_TRANSLATE_NOOP("setting_words", "the bounty's cash share"),
    "payouts.added": QT_TRANSLATE_NOOP("setting_words", "the added money"),
    "payouts.guarantee": QT_TRANSLATE_NOOP("setting_words", "the guaranteed prize pool"),
    "payouts.rounding": QT_TRANSLATE_NOOP("setting_words", "the amount each prize is a multiple of"),
    "currency": QT_TRANSLATE_NOOP("setting_words", "the currency"),
    "date": QT_TRANSLATE_NOOP("setting_words", "the date"),
    "starting_stack": QT_TRANSLATE_NOOP("setting_words", "the starting stack"),
    "buy_in": QT_TRANSLATE_NOOP("setting_words", "the buy-in"),
    "reentry.price": QT_TRANSLATE_NOOP("setting_words", "a re-entry's price"),
    "rebuy.price": QT_TRANSLATE_NOOP("setting_words", "a rebuy's price"),
    "rebuy.price.bounty": QT_TRANSLATE_NOOP("setting_words", "a rebuy's price"),
    "add_on.price": QT_TRANSLATE_NOOP("setting_words", "the add-on's price"),
    "add_on.price.bounty": QT_TRANSLATE_NOOP("setting_words", "the add-on's price"),
    "reentry.chips": QT_TRANSLATE_NOOP("setting_words", "a re-entry's chips"),
    "rebuy.chips": QT_TRANSLATE_NOOP("setting_words", "a rebuy's chips"),
    "add_on.chips": QT_TRANSLATE_NOOP("setting_words", "the add-on's chips"),
    "early_bird.chips": QT_TRANSLATE_NOOP("setting_words", "the early-bird chips"),
    "seating.tables": QT_TRANSLATE_NOOP("setting_words", "the tables"),
    "chips.value": QT_TRANSLATE_NOOP("setting_words", "a chip's value"),
    "chips.color": QT_TRANSLATE_NOOP("setting_words", "a chip's colour"),
    "buy_in.prize": QT_TRANSLATE_NOOP("setting_words", "the buy-in's prize pool part"),
    "buy_in.bounty": QT_TRANSLATE_NOOP("setting_words", "the buy-in's bounty"),
    "buy_in.fee": QT_TRANSLATE_NOOP("setting_words", "the buy-in's fee"),
    "reentry.price.prize": QT_TRANSLATE_NOOP("setting_words", "a re-entry's prize pool part"),
    "reentry.price.bounty": QT_TRANSLATE_NOOP("setting_words", "a re-entry's bounty"),
    "reentry.price.fee": QT_TRANSLATE_NOOP("setting_words", "a re-entry's fee"),
    "rebuy.price.prize": QT_TRANSLATE_NOOP("setting_words", "a rebuy's prize pool part"),
    "rebuy.price.fee": QT_TRANSLATE_NOOP("setting_words", "a rebuy's fee"),
    "add_on.price.prize": QT_TRANSLATE_NOOP("setting_words", "the add-on's prize pool part"),
    "add_on.price.fee": QT_TRANSLATE_NOOP("setting_words", "the add-on's fee"),
    "rebuy.max": QT_TRANSLATE_NOOP("setting_words", "the rebuys per entry"),
    "rebuy.max_stack": QT_TRANSLATE_NOOP("setting_words", "the stack a rebuy is sold at or below"),
    "add_on.max": QT_TRANSLATE_NOOP("setting_words", "the add-ons per entry"),
    "bounty.mystery_at": QT_TRANSLATE_NOOP("setting_words", "the level or the players left the envelopes start at"),
}
# The settings that are amounts of money: their limits are counted in cents, which a TD never reads.
_MONEY = frozenset({"buy_in.prize", "buy_in.bounty", "buy_in.fee", "reentry.price.prize", "reentry.price.bounty",
                    "reentry.price.fee", "rebuy.price.prize", "rebuy.price.fee", "add_on.price.prize",
                    "add_on.price.fee", "payouts.added", "payouts.guarantee", "payouts.rounding"})

# The rules, by the name the core gives them; `{what}` is the setting, the other fields the rule's facts.
_RULES: dict[str, object] = {
    "whole_number": QT_TRANSLATE_NOOP("setting_words", "{what} must be a whole number, not “{value}”"),
    "empty_number": QT_TRANSLATE_NOOP("setting_words", "{what} is empty: type a whole number"),
    "at_least": QT_TRANSLATE_NOOP("setting_words", "{what} must be at least {minimum}"),
    "at_most": QT_TRANSLATE_NOOP("setting_words", "{what} can be {maximum} at most"),
    "too_much_money": QT_TRANSLATE_NOOP("setting_words", "{what} is more money than a tournament can hold: "
                                                         "check the amount"),
    "missing": QT_TRANSLATE_NOOP("setting_words", "{what} is missing"),
    "empty_text": QT_TRANSLATE_NOOP("setting_words", "{what} cannot be empty"),
    "too_long": QT_TRANSLATE_NOOP("setting_words", "{what} is longer than {max_len} characters"),
    "control_characters": QT_TRANSLATE_NOOP("setting_words", "{what} cannot hold a tab or a line break"),
    "big_blind_not_above_small": QT_TRANSLATE_NOOP(
        "setting_words", "the big blind ({big_blind}) must be more than the small blind ({small_blind})"),
    "ante_without_kind": QT_TRANSLATE_NOOP(
        "setting_words", "an ante of {ante} needs an ante kind (every player, or big blind ante)"),
    "kind_without_ante": QT_TRANSLATE_NOOP("setting_words", "the ante cannot be 0 with the ante kind “{ante_kind}”"),
    "no_play_level": QT_TRANSLATE_NOOP("setting_words", "The structure needs at least one level of play"),
    "opens_with_break": QT_TRANSLATE_NOOP("setting_words", "The structure must open with a level of play, "
                                                           "not a break"),
    "ends_with_break": QT_TRANSLATE_NOOP("setting_words", "the structure must end with a level of play: the last "
                                                          "level is played on when the structure runs out"),
    "not_a_chip": QT_TRANSLATE_NOOP("setting_words", "the colour-up takes off chips of {value}, which this chip "
                                                     "set does not have"),
    "no_break_after": QT_TRANSLATE_NOOP("setting_words", "the add-on is taken at the break after level {value}, "
                                                         "but no break follows level {value} any more"),
    "costs_nothing": QT_TRANSLATE_NOOP("setting_words", "{what} must cost something: its prize pool, bounty "
                                                        "and fee are all 0"),
    "currency_code": QT_TRANSLATE_NOOP("setting_words", "{what} must be three capital letters, like EUR"),
    "date_format": QT_TRANSLATE_NOOP("setting_words", "{what} must be a day written like 2026-12-04"),
    "not_a_day": QT_TRANSLATE_NOOP("setting_words", "{what} {value} is not a day of the calendar"),
    "same_chip_twice": QT_TRANSLATE_NOOP("setting_words", "the chip set lists the value {value} twice"),
    "bounty_without_kind": QT_TRANSLATE_NOOP("setting_words", "the buy-in has a bounty part, but the tournament "
                                                              "has no bounties: choose fixed or progressive"),
    "bounty_part_needed": QT_TRANSLATE_NOOP("setting_words", "a bounty tournament needs a bounty part in the "
                                                             "buy-in"),
    "reentry_bounty": QT_TRANSLATE_NOOP("setting_words", "a re-entry's price has a bounty part exactly when the "
                                                         "buy-in's does"),
    "extra_bounty": QT_TRANSLATE_NOOP("setting_words", "{what} carries no bounty: a rebuy or an add-on buys "
                                                       "chips, not a head"),
    "table_twice": QT_TRANSLATE_NOOP("setting_words", "{what} lists a table twice"),
    "place_list": QT_TRANSLATE_NOOP("setting_words", "{what} must be places, like 18; 9"),
    "place_twice": QT_TRANSLATE_NOOP("setting_words", "{what} list place {value} twice"),
    "places_sum": QT_TRANSLATE_NOOP("setting_words", "the shares add up to {total} %, not 100 %"),
    "places_rising": QT_TRANSLATE_NOOP("setting_words", "a lower place never pays more than a higher one"),
}

_LEVEL_KEY = re.compile(r"^levels\[\d+\]\.?")
_INDEX = re.compile(r"\[\d+\]")
# Facts that name a level rather than count chips or money: written as they are, never grouped.
_NAMING = frozenset({"value", "level", "break_after"})
_ANTE_KINDS: dict[str, object] = {
    "none": QT_TRANSLATE_NOOP("setting_words", "no ante"),
    "classic": QT_TRANSLATE_NOOP("setting_words", "every player"),
    "big_blind": QT_TRANSLATE_NOOP("setting_words", "big blind ante"),
}


def ante_kind_words() -> dict[str, str]:
    """The ante kinds as a TD says them (the structure file's codes stay in the file)."""
    return {kind: _tr(str(words)) for kind, words in _ANTE_KINDS.items()}


def percent(basis_points: int) -> str:
    """A share in basis points as the TD types it, in percent: 10000 -> "100", 3350 -> "33.5" ("33,5")."""
    point = QLocale().decimalPoint()
    whole, cents = divmod(basis_points, 100)
    return f"{whole}{point}{cents:02d}".rstrip("0").rstrip(point) if cents else str(whole)


def setting_key(field: str) -> str:
    """The key a refusal names, without where it sits: `levels[6].big_blind` -> `big_blind`,
    `levels[3].color_up[0]` -> `color_up`."""
    return _INDEX.sub("", _LEVEL_KEY.sub("", field))


def refusal_text(exc: TourneyError) -> str | None:
    """A `CONFIG_INVALID` refusal in the TD's words, or None when its rule has no words here."""
    params = exc.params
    rule = params.get("rule")
    if exc.code != "CONFIG_INVALID" or not isinstance(rule, str):
        return None
    if rule == "whole_number" and params.get("value") == "":
        rule = "empty_number"
    key = setting_key(str(params.get("field", "")))
    if rule == "at_most" and key in _MONEY:
        rule = "too_much_money"
    what_source = _WHAT.get(key)
    what = _tr(str(what_source)) if what_source is not None else key
    facts = {name: _shown(name, value) for name, value in params.items() if name not in ("field", "problem", "rule")}
    if rule == "places_sum":  # basis points, as the TD typed them: in percent
        facts["total"] = percent(int(params.get("total", 0)))
    if rule == "kind_without_ante":
        kind = _ANTE_KINDS.get(str(params.get("ante_kind")))
        facts["ante_kind"] = _tr(str(kind)) if kind is not None else params.get("ante_kind")
    if rule == "beyond_structure":
        # A count takes its plural form, which lupdate marks only in a `tr` written out with `%n`.
        sentence = tr("{what} is level {value}, but the structure has only %n level(s) of play", "",
                      int(params.get("play_levels", 0)))
    elif rule in _RULES:
        sentence = _tr(str(_RULES[rule]))
    else:
        return None
    try:
        text = sentence.format(what=what, **facts)
    except (KeyError, IndexError, ValueError):
        return None
    return _at(params, text)


def _at(params: dict[str, Any], text: str) -> str:
    """The sentence after where it happened in the structure, as the TD counts the levels."""
    if "level" in params:
        return QCoreApplication.translate("setting_words", "Level {level}: {problem}").format(
            level=params["level"], problem=text)
    if "break_after" in params:
        return QCoreApplication.translate("setting_words", "The break after level {level}: {problem}").format(
            level=params["break_after"], problem=text)
    return text[:1].upper() + text[1:]


def _shown(name: str, value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and name not in _NAMING:
        return QLocale().toString(value)
    return value
