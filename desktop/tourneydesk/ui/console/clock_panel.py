"""The clock as the TD reads it: time left, level, blinds and ante, what comes next, the field and the pool.

The time shown is the core's (the desk's `clock_now`), re-read four times a second; nothing here counts down.
"""

from __future__ import annotations

from typing import Any

from .. import fmt
from ..bridge import DeskBridge
from ..qt import QFont, QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, Qt, QTimer, QVBoxLayout, QWidget
from .common import tr

WARNING_S = 60


def level_title(clock: dict[str, Any]) -> str:
    if clock["on_break"]:
        return tr("Break")
    title = tr("Level %1").replace("%1", str(clock["level"]))
    return title + " · " + tr("overtime") if clock["overtime"] else title


def ante_text(level: dict[str, Any]) -> str:
    if not level.get("ante") or level.get("ante_kind") == "none":
        return tr("no ante")
    kind = tr("big blind ante") if level["ante_kind"] == "big_blind" else tr("ante")
    return f"{kind} {fmt.chips(level['ante'])}"


def blinds_text(level: dict[str, Any], *, with_ante: bool = True) -> str:
    text = f"{fmt.chips(level['small_blind'])} / {fmt.chips(level['big_blind'])}"
    if with_ante and level.get("ante") and level.get("ante_kind") != "none":
        text += f"  ·  {ante_text(level)}"
    return text


def next_text(nxt: dict[str, Any]) -> str:
    if nxt["is_break"]:
        return tr("Next: break, %1 min").replace("%1", str(nxt["minutes"]))
    if nxt.get("level"):
        return tr("Next: level %1, %2").replace("%1", str(nxt["level"])).replace("%2", blinds_text(nxt))
    return tr("Next: %1").replace("%1", blinds_text(nxt))


def restyle(widget: QWidget, sheet: str) -> None:
    """Give a widget its style sheet when it is another: Qt polishes the widget anew on every
    `setStyleSheet`, even of the sheet it has (twice a bust and four times a second, for nothing)."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def _label(size: int, bold: bool = False) -> QLabel:
    label = QLabel()
    font = QFont()
    font.setPointSize(size)
    font.setBold(bold)
    label.setFont(font)
    return label


def whole(figure: str) -> str:
    """A figure a wrapping line keeps in one piece: its spaces made no-break."""
    return figure.replace(" ", "\u00a0")


def field_text(snap: dict[str, Any]) -> str:
    """The field at a glance: who is left, the average stack (in big blinds) and the chip leader."""
    counts, chips = snap["counts"], snap["chips"]
    big_blind = snap["clock"]["big_blind"]
    average = fmt.chips(chips["average"])
    if big_blind:
        # One figure, never broken across two lines ("average 23,333 (116" / "BB)" at 1280x720).
        average = whole(tr("{chips} ({big_blinds} BB)").format(chips=average,
                                                               big_blinds=fmt.chips(chips["average"] // big_blind)))
    text = tr("{left} of {entries} · average {average}").format(
        left=tr("%Ln left", "", counts["players_left"]), entries=tr("%Ln entries", "", counts["entries"]),
        average=average)
    leader = chips.get("leader")
    if leader:
        text += " · " + tr("chip leader {name} {chips}").format(name=leader["name"], chips=fmt.chips(leader["stack"]))
    return text


def event_text(snap: dict[str, Any]) -> str:
    """A flight's, a Day 2's or a satellite's own figures (the event as a whole); empty for another tournament."""
    event = snap.get("event")
    if not event:
        return ""
    currency = snap["tournament"]["currency"]
    if event["kind"] == "flight":
        if event["bagged"]:
            state = tr("%n qualifier(s) bagged", "", event["bags"]) + " · " + tr("{chips} chips").format(
                chips=fmt.chips(event["chips_bagged"]))
        elif event["stopped"]:
            state = tr("stopped: bag the chips (Ctrl+Shift+G)") + " · " + tr("%n table(s) bagged", "",
                                                                            len(event["tables_bagged"]))
        elif event["target"] is not None:
            state = tr("stops at %n left", "", event["target"])
        else:
            state = tr("stops after level {level}").format(level=event["stop_after_level"])
        if event["day1_pays"]:  # its busts in the money are paid tonight: the cashier pays them
            state += " · " + tr("pays its places on Day 1 (paid so far {amount})").format(
                amount=fmt.money(event["paid_day1"], currency, cents=False))
        return f"{event['event_name']} · {event['name']}: {state}"
    if event["kind"] == "day2":
        parts = [event["event_name"], tr("%n flight(s)", "", len(event["flights"])),
                 tr("%n qualifier(s)", "", event["qualifiers"]), tr("%Ln entries", "", event["entries"]),
                 tr("combined pool {pool}").format(pool=fmt.money(event["combined_pool"], currency, cents=False))]
        if event["paid_day1"]:
            parts.append(tr("{amount} paid on Day 1").format(amount=fmt.money(event["paid_day1"], currency,
                                                                              cents=False)))
        return " · ".join(parts)
    seats = tr("%n seat(s) to {target}", "", event["seats"]).format(target=event["target"])
    return " · ".join([seats, tr("{value} each").format(value=fmt.money(event["seat_value"], currency, cents=False)),
                       tr("left over {amount}").format(amount=fmt.money(event["leftover"], currency, cents=False))])


class ClockPanel(QFrame):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setObjectName("clockPanel")
        self.setStyleSheet("#clockPanel { background: #14213d; border-radius: 6px; }"
                           "#clockPanel QLabel { color: #f1f1f1; }")
        self.time_label = _label(54, True)
        self.time_label.setObjectName("timeLeft")
        self.level_label = _label(18, True)
        self.blinds_label = _label(28, True)
        self.ante_label = _label(14, True)
        self.next_label = _label(12)
        self.state_label = _label(13, True)
        self.break_label = _label(12)
        self.field_label = _label(13)
        self.pool_label = _label(13)
        self.reg_label = _label(12)
        self.event_label = _label(12)
        self.event_label.setObjectName("eventFigures")
        self._flight_stopped = ""  # "stopped" or "bagged": a flight's end, which is no tournament's finish

        left = QVBoxLayout()
        left.addWidget(self.level_label)
        left.addWidget(self.time_label)
        left.addWidget(self.state_label)
        middle = QVBoxLayout()
        middle.addWidget(self.blinds_label)
        middle.addWidget(self.ante_label)
        middle.addWidget(self.next_label)
        middle.addWidget(self.break_label)
        middle.addStretch(1)
        right = QGridLayout()
        right.addWidget(self.field_label, 0, 0)
        right.addWidget(self.pool_label, 1, 0)
        right.addWidget(self.reg_label, 2, 0)
        right.addWidget(self.event_label, 3, 0)
        for label in (self.field_label, self.pool_label, self.reg_label, self.event_label):
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            label.setWordWrap(True)
        # Longer in French: wrapped, never cut ("Not started: press Space to start" lost its last words under
        # the clock at 1280 px).
        # The blinds' line also says who won ("Jean-Baptiste Delacroix-Montfort wins"): wrapped too, so the
        # finished console never grows past a 1280 px screen.
        for label in (self.next_label, self.break_label, self.state_label, self.blinds_label):
            label.setWordWrap(True)
        for label in (self.next_label, self.break_label, self.state_label, self.field_label, self.pool_label,
                      self.reg_label, self.blinds_label, self.event_label):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            label.setMinimumWidth(120)
        row = QHBoxLayout(self)
        row.setContentsMargins(16, 8, 16, 8)
        row.addLayout(left)
        row.addSpacing(24)
        row.addLayout(middle, 1)
        row.addLayout(right, 1)

        self._timer = QTimer(self)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh_clock)
        self._timer.start()
        self.refresh_clock()

    def refresh_clock(self) -> None:
        now = self._bridge.desk.clock_now()
        if now["status"] == "finished":
            self._show_finished()
            return
        clock = now["clock"]
        remaining = int(clock["remaining_s"])
        self.time_label.setText(fmt.clock(remaining))
        warn = clock["running"] and remaining <= WARNING_S
        restyle(self.time_label, "color: #ffb703;" if warn else "")
        self.level_label.setText(level_title(clock))
        if clock["on_break"]:
            # No blinds are in play during a break: the level after it is said once, as what comes next.
            self.blinds_label.setText(tr("Break: %1 min").replace(
                "%1", str(self._bridge.desk.config.levels[clock["index"]].minutes)))
            self.ante_label.setText("")
        else:
            self.blinds_label.setText(blinds_text(clock, with_ante=False))
            self.ante_label.setText(ante_text(clock))
        self.next_label.setText(next_text(clock["next"]))
        if not clock["started"]:
            state = tr("Not started: press Space to start")
        elif not clock["running"]:
            state = tr("PAUSED")
        elif clock["hand_for_hand"]:
            state = tr("Hand-for-hand: hand %1").replace("%1", str(clock["hand"]))
        else:
            state = ""
        self.state_label.setText(state)
        restyle(self.state_label, "color: #ffb703;" if state else "")
        brk = clock.get("break_in_s")
        if clock.get("color_up"):
            chips = ", ".join(fmt.chips(v) for v in clock["color_up"])
            self.break_label.setText(tr("Colour-up: %1").replace("%1", chips))
        else:
            self.break_label.setText(tr("Next break in %1").replace("%1", fmt.clock(brk)) if brk else "")
        closes = clock.get("registration_closes_in_s")
        if clock["registration_open"]:
            self.reg_label.setText(tr("Late registration closes in %1").replace("%1", fmt.clock(closes))
                                   if closes else tr("Registration open"))
        else:
            self.reg_label.setText(tr("Registration closed"))

    def _show_finished(self) -> None:
        """No clock, next level or break any more: who won."""
        desk = self._bridge.desk
        winner = desk.winner()
        self.time_label.setText(tr("Finished"))
        self.time_label.setStyleSheet("")
        self.level_label.setText(tr("Results: Ctrl+Shift+E"))
        if self._flight_stopped:  # a flight is over but for its bags: no result yet, what it waits for
            self.time_label.setText(tr("Stopped"))
            self.level_label.setText(tr("Bagged") if self._flight_stopped == "bagged"
                                     else tr("Bag the chips: Ctrl+Shift+G"))
        name = (desk.name_of(winner) or "") if winner else ""
        self.blinds_label.setText(tr("%1 wins").replace("%1", name) if name else "")
        for label in (self.ante_label, self.next_label, self.break_label, self.state_label, self.reg_label):
            label.setText("")

    def update_snapshot(self, snap: dict[str, Any]) -> None:
        money = snap["money"]
        currency = snap["tournament"]["currency"]
        self.field_label.setText(field_text(snap))
        pool = tr("Prize pool %1").replace("%1", fmt.money(money["prize_pool"], currency, cents=False))
        if snap["tournament"].get("points_only"):
            pool = tr("Points only: no money, the places give the league points")
        elif money.get("bounty_pool"):
            pool += "  ·  " + tr("bounties %1").replace("%1", fmt.money(money["bounty_pool"], currency, cents=False))
        self.pool_label.setText(pool)
        event = snap.get("event") or {}
        self._flight_stopped = ("bagged" if event["bagged"] else "stopped") \
            if event.get("kind") == "flight" and event["stopped"] else ""
        self.event_label.setText(event_text(snap))
        self.event_label.setVisible(bool(self.event_label.text()))
        self.refresh_clock()
