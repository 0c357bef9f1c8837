"""The tournament editor: every setting the config holds, in pages a TD reads one at a time, for a new
tournament (from the start page) or for the one open (Edit > Tournament settings, Ctrl+,).

- General: the name, the date, the currency, the starting stack.
- Entries: the buy-in and its three parts, late registration, re-entries, the early-bird bonus.
- Rebuys and add-on: each on or off, with its price, chips, limits and when it is sold.
- Bounties: none, fixed or progressive, and the progressive bounty's cash share.
- Seating: tables and seats, the final table, the balance and the house's floor, the moved player's
  wait, short-handed antes, hand-for-hand, and tables held while late registration is open.
- Payouts: the payout table or a fixed structure, rounding, added money, the guarantee, ties.
- Structure: the levels (the wizard builds them from the night's length and the chip set; load or save a
  structure file) and the chip set. For the tournament open, the levels are the structure editor's
  (Ctrl+Shift+S), which keeps those already played.
- This computer (for the tournament open): the language and the name the event log signs with.

Templates: the whole tournament saved as a TOML file, or loaded from one (or from a shipped structure).

Every change is checked as it is made, by the core's own rules: for a new tournament the config is read
as `Desk.create` would; for the one open, with a `dry_run` of the `edit_config` OK will send. A refusal
is shown beside the field it names, in the TD's words, and OK waits; nothing is written before OK.
"""

from __future__ import annotations

import copy
from typing import Any

from ...core.config import BOUNTY_KINDS, parse_config, points_only_config, set_dotted
from ...core.protocol.errors import TourneyError
from .. import i18n
from ..bridge import OPERATOR_KEY, DeskBridge, account_name, operator_name
from ..console.common import InlineError, preview, send, tr
from ..qt import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSettings,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from . import files
from .fields import (
    Field,
    Unreadable,
    choice_field,
    flag_field,
    money_field,
    number_field,
    places_field,
    share_field,
    shares_field,
    text_field,
)
from .levels import LevelsEditor

# The optional parts of a tournament: on when the config holds them.
SECTIONS = ("reentry", "rebuy", "add_on", "early_bird")
MOST = 100_000_000  # chips, players or tables a field takes: far above any club night


class TournamentEditor(QDialog):
    """`TournamentEditor(config)` for a new tournament (`config()` on OK is the one to create), or
    `TournamentEditor(config, bridge=bridge)` for the one open (OK sends the changes)."""

    def __init__(self, config: dict[str, Any], parent: QWidget | None = None, *, bridge: DeskBridge | None = None,
                 settings: QSettings | None = None, players: int = 40) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._settings = settings or QSettings()
        self._base = copy.deepcopy(config)
        self._players = players
        self.setWindowTitle(tr("Tournament settings") if bridge is not None else tr("New tournament: every setting"))
        self.fields: dict[str, Field] = {}
        self.sections: dict[str, QGroupBox] = {}
        self._page_of: dict[str, int] = {}
        self._loading = True
        currency = str(config.get("currency", "EUR"))
        self.tabs = QTabWidget()
        self.tabs.setObjectName("editorPages")
        self._general_page(currency)
        self._entries_page(currency)
        self._extras_page(currency)
        self._bounty_page()
        self._seating_page()
        self._payouts_page(currency)
        self._structure_page()
        if bridge is not None:
            self._computer_page()
        self.tabs.currentChanged.connect(self._keyboard_to_page)
        self.error = InlineError()
        self.error.setObjectName("editorError")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("editorOk")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        load = QPushButton(tr("Load a template… (Ctrl+Shift+O)"))
        load.setShortcut(QKeySequence("Ctrl+Shift+O"))
        load.clicked.connect(self.ask_template)
        save = QPushButton(tr("Save as a template… (Ctrl+Shift+S)"))
        save.setShortcut(QKeySequence("Ctrl+Shift+S"))
        save.clicked.connect(self.ask_save_template)
        for button in (load, save):
            button.setAutoDefault(False)
        bottom = QHBoxLayout()
        bottom.addWidget(load)
        bottom.addWidget(save)
        bottom.addStretch(1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.error)
        layout.addLayout(bottom)
        self.fill(config)
        self.resize(900, 640)

    # -- building the pages --------------------------------------------------------------------------
    def _page(self, title: str) -> QFormLayout:
        inner = QWidget()
        form = QFormLayout(inner)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        scroll = QScrollArea()  # a short screen scrolls the page, never the dialog past its edge
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        self.tabs.addTab(scroll, title)
        return form

    def _keyboard_to_page(self, index: int) -> None:
        """Ctrl+Tab leaves the keyboard on the tab bar, where typing the next setting types nothing:
        it goes to the page's first field, as a TD who turned the page expects."""
        page = self.tabs.widget(index)
        focused = QApplication.focusWidget()
        if page is None or (focused is not None and page.isAncestorOf(focused)):
            return
        widget = page.nextInFocusChain()
        while widget is not None and widget is not page and widget is not self:
            if (page.isAncestorOf(widget) and widget.isEnabled() and widget.isVisibleTo(page)
                    and widget.focusPolicy() & Qt.FocusPolicy.TabFocus and not isinstance(widget, QScrollArea)):
                widget.setFocus(Qt.FocusReason.TabFocusReason)
                return
            widget = widget.nextInFocusChain()

    def _add(self, form: QFormLayout, label: str, field: Field) -> Field:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(field.widget, 1)
        row.addWidget(field.error, 1)
        form.addRow(QLabel(label), box)
        self.fields[field.key] = field
        self._page_of[field.key] = self.tabs.count() - 1
        return field

    def _section(self, form: QFormLayout, key: str, title: str) -> QFormLayout:
        group = QGroupBox(title)
        group.setObjectName(f"section_{key}")
        group.setCheckable(True)
        group.toggled.connect(lambda _on: self.check())
        inner = QFormLayout(group)
        form.addRow(group)
        self.sections[key] = group
        return inner

    def _price(self, form: QFormLayout, key: str, currency: str, *, bounty: bool = True) -> None:
        self._add(form, tr("Prize pool"), money_field(f"{key}.prize", self.check, currency))
        if bounty:
            self._add(form, tr("Bounty"), money_field(f"{key}.bounty", self.check, currency))
        self._add(form, tr("Fee (the house)"), money_field(f"{key}.fee", self.check, currency))

    def _general_page(self, currency: str) -> None:
        form = self._page(tr("General"))
        self._add(form, tr("Name"), text_field("name", self.check))
        self._add(form, tr("Date (2026-12-04)"), text_field("date", self.check, max_length=10))
        self._add(form, tr("Currency (EUR, USD, GBP…)"), text_field("currency", self.check, max_length=3))
        self._add(form, tr("Starting stack"), number_field("starting_stack", self.check, 1, MOST, step=1000))
        self._add(form, "", flag_field("points_only", self.check,
                                       tr("Points only: no money at all, the places give the league points")))

    def _entries_page(self, currency: str) -> None:
        form = self._page(tr("Entries"))
        form.addRow(QLabel(tr("The buy-in")))
        self._price(form, "buy_in", currency)
        self._add(form, tr("Late registration until level"),
                  number_field("registration.until_level", self.check, 1, 500))
        self._add(form, "", flag_field("registration.through_break", self.check,
                                       tr("…and through the break after it")))
        inner = self._section(form, "reentry", tr("Re-entries"))
        self._add(inner, tr("Re-entries per player (0: no limit)"),
                  number_field("reentry.max", self.check, 0, 99, none_at=0))
        self._price(inner, "reentry.price", currency)
        self._add(inner, tr("Chips"), number_field("reentry.chips", self.check, 1, MOST, step=1000))
        self._add(inner, tr("Seat"), choice_field("reentry.seat", self.check, [
            ("random", tr("a new seat drawn")), ("same_allowed", tr("the same seat may be kept (PKR4U 11)"))]))
        inner = self._section(form, "early_bird", tr("Early-bird bonus"))
        self._add(inner, tr("Bonus chips"), number_field("early_bird.chips", self.check, 1, MOST, step=1000))
        self._add(inner, tr("For entries bought before the end of level"),
                  number_field("early_bird.until_level", self.check, 1, 500))

    def _extras_page(self, currency: str) -> None:
        form = self._page(tr("Rebuys and add-on"))
        inner = self._section(form, "rebuy", tr("Rebuys"))
        self._price(inner, "rebuy.price", currency, bounty=False)
        self._add(inner, tr("Chips"), number_field("rebuy.chips", self.check, 1, MOST, step=1000))
        self._add(inner, tr("Rebuys per entry (0: no limit)"), number_field("rebuy.max", self.check, 0, 99, none_at=0))
        self._add(inner, tr("Sold until the end of level"), number_field("rebuy.until_level", self.check, 1, 500))
        self._add(inner, tr("Only to a stack at or below"), number_field("rebuy.max_stack", self.check, 0, MOST,
                                                                           step=1000))
        inner = self._section(form, "add_on", tr("Add-on"))
        self._price(inner, "add_on.price", currency, bounty=False)
        self._add(inner, tr("Chips"), number_field("add_on.chips", self.check, 1, MOST, step=1000))
        self._add(inner, tr("Add-ons per entry"), number_field("add_on.max", self.check, 1, 99))
        self._add(inner, tr("Sold at the break after level"),
                  number_field("add_on.at_break_after_level", self.check, 1, 500))

    def _bounty_page(self) -> None:
        form = self._page(tr("Bounties"))
        words = {"none": tr("no bounty"), "fixed": tr("fixed: the eliminator takes the whole bounty"),
                 "progressive": tr("progressive knockout: part in cash, the rest onto the eliminator's head"),
                 "mystery": tr("mystery: each knockout draws an envelope from the bounty pool")}
        self._add(form, tr("Kind"), choice_field("bounty.kind", self.check, [(k, words[k]) for k in BOUNTY_KINDS]))
        self._add(form, tr("Paid in cash (progressive, %)"), share_field("bounty.cash_share_bp", self.check))
        self._add(form, tr("Mystery envelopes are won from"), choice_field("bounty.mystery_from", self.check, [
            ("money", tr("the money")), ("level", tr("a level")), ("players", tr("a number of players left")),
            ("day2", tr("Day 2 (the flights collect the pool)"))]))
        self._add(form, tr("That level, or players left"), number_field("bounty.mystery_at", self.check, 1, 100_000))
        self._add(form, tr("Envelopes nobody drew"), choice_field("bounty.mystery_left_over", self.check, [
            ("winner", tr("go to the winner")), ("final_table", tr("are shared by the final table")),
            ("last_knockouts", tr("are drawn by the last knockouts"))]))
        hint = QLabel(tr("The bounty part of each entry is set with the buy-in (Entries), and a re-entry's with "
                         "its price; rebuys and add-ons carry none."))
        hint.setWordWrap(True)
        form.addRow(hint)

    def _seating_page(self) -> None:
        form = self._page(tr("Seating"))
        self._add(form, tr("Seats per table"), number_field("seating.seats_per_table", self.check, 2, 12))
        self._add(form, tr("Tables in the room"), number_field("seating.tables", self.check, 1, 5000))
        self._add(form, tr("Final table size"), number_field("seating.final_table_size", self.check, 2, 12))
        self._add(form, tr("Balance tolerance (0: only the floor acts)"),
                  number_field("seating.balance.tolerance", self.check, 0, 12, none_at=0))
        self._add(form, tr("The house's floor: a table stops at (players)"),
                  number_field("seating.balance.floor", self.check, 0, 12))
        self._add(form, tr("A moved player waits for"), choice_field("seating.moved_player_waits", self.check, [
            ("big_blind", tr("the big blind")), ("one_hand", tr("one hand"))]))
        self._add(form, tr("Ante at short tables"), choice_field("seating.short_handed_ante", self.check, [
            ("none", tr("full ante")), ("pkr4u", tr("PKR4U 16: half with 3 to 5, none heads-up"))]))
        self._add(form, "", flag_field("seating.hand_for_hand_before_final", self.check,
                                       tr("Hand-for-hand before the final table too")))
        self._add(form, tr("Hand-for-hand also at the pay jumps to (places)"),
                  places_field("seating.hand_for_hand_pay_jumps", self.check))
        self._add(form, "", flag_field("seating.hold_tables_during_registration", self.check,
                                       tr("No table breaks while late registration is open")))

    def _payouts_page(self, currency: str) -> None:
        form = self._page(tr("Payouts"))
        self._add(form, tr("Fixed shares, in percent"), shares_field("payouts.places", self.check))
        self._add(form, tr("Each prize a multiple of"), money_field("payouts.rounding", self.check, currency))
        self._add(form, tr("Added money"), money_field("payouts.added", self.check, currency))
        self._add(form, tr("Guaranteed prize pool"), money_field("payouts.guarantee", self.check, currency))
        self._add(form, tr("Busts in one hand-for-hand hand"), choice_field("payouts.same_hand_ties", self.check, [
            ("split", tr("share their places and prizes")), ("by_stack", tr("are ranked by their stacks (UPPS 7.2)"))]))

    def _structure_page(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        if self._bridge is None:
            self.levels: LevelsEditor | None = LevelsEditor(list(self._base.get("levels", [])), 0, self._chip_values,
                                                            self._stack, self._players, page)
            self.levels.model.edited.connect(self.check)
            layout.addWidget(self.levels, 2)
        else:
            self.levels = None
            note = QLabel(tr("The levels of a tournament under way are changed in the structure editor (Edit > "
                             "Structure, Ctrl+Shift+S), which keeps those already played."))
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addWidget(QLabel(tr("The chip set (value and colour, as the projector names it)")))
        self.chips = QTableWidget(0, 2)
        self.chips.setObjectName("chipSet")
        self.chips.setHorizontalHeaderLabels([tr("Value"), tr("Colour")])
        self.chips.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.chips.itemChanged.connect(lambda _item: self.check())
        add = QPushButton(tr("Add a chip"))
        add.clicked.connect(self.add_chip)
        remove = QPushButton(tr("Remove the chip"))
        remove.clicked.connect(lambda: self.chips.removeRow(self.chips.currentRow()))
        remove.clicked.connect(self.check)
        row = QHBoxLayout()
        for button in (add, remove):
            button.setAutoDefault(False)
            row.addWidget(button)
        row.addStretch(1)
        layout.addWidget(self.chips, 1)
        layout.addLayout(row)
        self.tabs.addTab(page, tr("Structure"))

    def _computer_page(self) -> None:
        form = self._page(tr("This computer"))
        self.language = QComboBox()
        self.language.addItem(tr("System language"), "")
        for code, name in i18n.LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(self._settings.value(i18n.SETTING, "",
                                                                                         type=str))))
        form.addRow(tr("Language (after a restart)"), self.language)
        self.operator = QLineEdit(str(self._settings.value(OPERATOR_KEY, "", type=str)))
        self.operator.setMaxLength(64)
        self.operator.setPlaceholderText(tr("empty: the computer account's name ({name})").format(
            name=account_name()))
        form.addRow(tr("Your name in the event log"), self.operator)

    # -- the chip set ------------------------------------------------------------------------------
    def add_chip(self) -> None:
        row = self.chips.rowCount()
        self.chips.insertRow(row)
        value = QTableWidgetItem("")
        self.chips.setItem(row, 0, value)
        self.chips.setItem(row, 1, QTableWidgetItem(""))
        self.chips.setCurrentCell(row, 0)
        self.chips.editItem(value)

    def _chip_rows(self) -> list[dict[str, Any]]:
        rows = []
        for row in range(self.chips.rowCount()):
            value = (self.chips.item(row, 0) or QTableWidgetItem("")).text().strip().replace(" ", "")
            color = (self.chips.item(row, 1) or QTableWidgetItem("")).text().strip()
            if value or color:
                rows.append({"value": int(value) if value.isdigit() else value, "color": color})
        return rows

    def _chip_values(self) -> list[int]:
        return [int(c["value"]) for c in self._chip_rows() if isinstance(c["value"], int)]

    def _stack(self) -> int:
        try:
            return int(self.fields["starting_stack"].read())
        except (Unreadable, TypeError, ValueError):
            return 0

    # -- reading and writing the whole config ---------------------------------------------------------
    def fill(self, config: dict[str, Any]) -> None:
        """Every field from a config (a template loaded, the structure chosen); a part the config lacks is
        switched off, its fields filled with what it would hold when switched on."""
        self._loading = True
        parsed = parse_config(config).to_dict()
        full = _with_defaults(parsed)
        for key, field in self.fields.items():
            field.write(_get(full, key))
        for key, group in self.sections.items():
            group.setChecked(key in parsed)
        self.chips.setRowCount(0)
        for chip in parsed.get("chips", []):
            row = self.chips.rowCount()
            self.chips.insertRow(row)
            self.chips.setItem(row, 0, QTableWidgetItem(str(chip["value"])))
            self.chips.setItem(row, 1, QTableWidgetItem(str(chip["color"])))
        if self.levels is not None:
            self.levels.model.set_levels(parsed["levels"])
        self._loading = False
        self.check()

    def config(self) -> dict[str, Any]:
        """The tournament as the pages hold it now; `Unreadable` names the field that cannot be read."""
        out = copy.deepcopy(self._base)
        for key, group in self.sections.items():
            if not group.isChecked():
                out.pop(key, None)
        changes: dict[str, Any] = {}
        for key, field in self.fields.items():
            section = key.split(".")[0]
            if section in self.sections and not self.sections[section].isChecked():
                continue
            changes[key] = field.read()
        if changes.get("date") == "":
            changes["date"] = None
        out = set_dotted(out, changes)
        tables = self._base.get("seating", {}).get("tables")
        if isinstance(tables, list) and out["seating"]["tables"] == len(tables):
            out["seating"]["tables"] = tables  # the room's own numbering, kept while the count stands
        elif out["seating"]["tables"] != tables:
            for order in ("open_order", "break_order"):  # they named the tables there were
                out["seating"].pop(order, None)
        bounty = out.get("bounty", {})
        if bounty.get("kind") != "mystery":  # the mystery settings say nothing of another kind
            for key in ("mystery_from", "mystery_at", "mystery_left_over"):
                bounty.pop(key, None)
        elif bounty.get("mystery_from") in ("money", "day2"):
            bounty.pop("mystery_at", None)
        if changes.get("seating.hand_for_hand_pay_jumps") is None:
            out["seating"].pop("hand_for_hand_pay_jumps", None)  # none named: the file says nothing of them
        if changes.get("payouts.places") is None:
            out["payouts"].pop("places", None)
            out["payouts"].setdefault("table", self._base.get("payouts", {}).get("table") or "standard")
        if out.get("points_only"):  # a free night: every price, the added money and the guarantee are 0
            out = points_only_config(out)
        else:
            out.pop("points_only", None)  # a night with money says nothing of it, as every file before
        out["chips"] = self._chip_rows()
        if self.levels is not None:
            out["levels"] = [dict(level) for level in self.levels.levels]
        return out

    def changes(self) -> dict[str, Any]:
        """For the tournament open: each part of the config that differs, whole (None: a part removed)."""
        now = self.config()
        keys = (set(now) | set(self._base)) - {"levels"}
        return {key: now.get(key) for key in sorted(keys) if now.get(key) != self._base.get(key)}

    # -- checking --------------------------------------------------------------------------------------
    def check(self) -> bool:
        if self._loading:
            return False
        for field in self.fields.values():
            field.error.show_error(None)
        self.error.show_error(None)
        if self.levels is not None:
            self.levels.show_refusal(None)
        try:
            if self._bridge is None:
                parse_config(self.config())
            else:
                changes = self.changes()
                if changes:
                    preview(self._bridge, {"type": "edit_config", "set": changes})
        except Unreadable:
            self._show_unreadable()
            self.ok_button.setEnabled(False)
            return False
        except TourneyError as exc:
            self._show_refusal(exc)
            self.ok_button.setEnabled(False)
            return False
        self.ok_button.setEnabled(True)
        return True

    def _show_unreadable(self) -> None:
        for field in self.fields.values():
            try:
                field.read()
            except Unreadable as unreadable:
                field.error.show_error(TourneyError("FIELD_INVALID", str(unreadable)))
                return

    def _show_refusal(self, exc: TourneyError) -> None:
        where = str(exc.params.get("field", ""))
        field = self.fields.get(where) or next(
            (f for k, f in self.fields.items() if where.startswith((k + ".", k + "["))), None)
        if field is not None:
            field.error.show_error(exc)
        elif where.startswith("levels") and self.levels is not None:
            self.levels.show_refusal(exc)
        else:
            self.error.show_error(exc)

    def show_field(self, key: str) -> Field:
        """The page of a field brought forward, its widget given the keyboard (the way a refusal is fixed)."""
        self.tabs.setCurrentIndex(self._page_of[key])
        field = self.fields[key]
        field.widget.setFocus()
        return field

    # -- templates -----------------------------------------------------------------------------------
    def ask_template(self) -> None:
        config = files.ask_template(self)
        if config is not None:
            self.load(config)

    def load(self, config: dict[str, Any]) -> None:
        """A template in the pages; for the tournament open, its levels stay the structure editor's."""
        if self._bridge is not None:
            config = {**config, "levels": self._base["levels"]}
        self.fill(config)

    def ask_save_template(self) -> None:
        try:
            config = self.config()
        except Unreadable:
            self.check()
            return
        files.ask_save_template(self, config, str(config.get("name") or tr("template")))

    # -- OK ----------------------------------------------------------------------------------------------
    def submit(self) -> None:
        if not self.check():
            return
        if self._bridge is None:
            self.accept()
            return
        self._settings.setValue(i18n.SETTING, self.language.currentData())
        self._settings.setValue(OPERATOR_KEY, self.operator.text().strip())
        self._bridge.operator = operator_name(self._settings)  # the next command is signed with it
        changes = self.changes()
        if not changes or send(self._bridge, {"type": "edit_config", "set": changes}, self.error) is not None:
            self.accept()


def _get(config: dict[str, Any], key: str) -> Any:
    value: Any = config
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _with_defaults(config: dict[str, Any]) -> dict[str, Any]:
    """The config with a part it lacks filled as it would be once switched on: a re-entry at the buy-in's
    price and stack, rebuys and an add-on at the buy-in's prize and fee, sold until late registration
    ends (the add-on at the first break), an early bird of a tenth of the stack."""
    out = copy.deepcopy(config)
    stack = out["starting_stack"]
    price = out["buy_in"]
    chips_price = {"prize": price["prize"], "bounty": 0, "fee": price["fee"]}
    until = out["registration"]["until_level"]
    out.setdefault("reentry", {"max": None, "price": dict(price), "chips": stack, "seat": "random"})
    out.setdefault("rebuy", {"price": dict(chips_price), "chips": stack, "max": None, "until_level": until,
                             "max_stack": stack})
    out.setdefault("add_on", {"price": dict(chips_price), "chips": stack, "max": 1,
                              "at_break_after_level": _first_break(out["levels"]) or until})
    out.setdefault("early_bird", {"chips": max(1, stack // 10), "until_level": 1})
    out["seating"]["tables"] = len(out["seating"]["tables"])
    return out


def _first_break(levels: list[dict[str, Any]]) -> int | None:
    """The number of the first level of play a break follows."""
    for played, level in enumerate(levels):
        if "break_minutes" in level:
            return played or None  # every level before the first break is a level of play
    return None
