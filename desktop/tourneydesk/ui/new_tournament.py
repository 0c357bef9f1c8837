"""A new tournament, as a form: the structure described in words, and the settings a club changes every night
(name, date, buy-in and its split, starting stack, guarantee) filled from it and editable. Every other
setting (re-entries, rebuys, the add-on, bounties, seating, payouts, the levels) is set in the tournament
editor the start page opens on the form's tournament (Ctrl+E): what it makes becomes the form's structure,
"edited".

The form only builds the config; the start page saves it (by default in the documents folder) and opens it.
Amounts are typed in whole currency units and kept as integer minor units, like every amount; an amount
the form did not change keeps its cents.
"""

from __future__ import annotations

from typing import Any

from .. import resources
from ..core.arithmetic.currencies import minor_digits
from ..core.config import Config, parse_config, parse_toml, points_only_config, set_dotted
from ..core.protocol.errors import TourneyError
from . import fmt
from .i18n import tr
from .qt import (
    QCheckBox,
    QComboBox,
    QDate,
    QDateEdit,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPaintEvent,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QStylePainter,
    Qt,
    QVBoxLayout,
    QWidget,
)

BIGGEST = 1_000_000  # whole currency units or chips a field takes: far above any club night
EDITED = "edited"  # the structure the tournament editor made
NAME_ROLE = Qt.ItemDataRole.UserRole + 1  # a structure's name, which the closed box shows


def structure_configs() -> dict[str, Config]:
    """Every shipped structure, read; one that cannot be read is left out (the others still offer)."""
    found: dict[str, Config] = {}
    for name, path in resources.structures().items():
        try:
            found[name] = parse_toml(path.read_text(encoding="utf-8"))
        except (TourneyError, OSError):
            continue
    return found


def describe(config: Config) -> str:
    """One line a TD chooses a structure by: its name, then its levels and their length, the stack, the
    buy-in, the kind."""
    return f"{config.name} — " + details(config)


def details(config: Config, *, whole_parts: bool = False) -> str:
    """What the structure is, without its name: "28 levels × 20 min · 25,000 chips · buy-in €110.00".

    `whole_parts` keeps each part on one line when the text wraps ("buy-in" with its amount, never "buy-" at
    the end of a line and "in" on the next: a word joiner after each hyphen)."""
    play = [level for level in config.levels if not level.is_break]
    minutes = sorted({level.minutes for level in play})
    length = tr("{minutes} min").format(minutes=minutes[0]) if len(minutes) == 1 else \
        tr("{low}–{high} min").format(low=minutes[0], high=minutes[-1])
    price = config.buy_in.prize + config.buy_in.bounty + config.buy_in.fee
    kind = [tr("bounties")] if config.is_bounty_event else []
    if config.reentry is not None:
        kind.append(tr("re-entry"))
    if config.rebuy is not None:
        kind.append(tr("rebuys"))
    if config.add_on is not None:
        kind.append(tr("add-on"))
    money = tr("points only, no money") if config.points_only else \
        tr("buy-in {amount}").format(amount=fmt.money(price, config.currency))
    parts = [tr("%n levels", "", len(play)) + f" × {length}", tr("{chips} chips").format(chips=fmt.chips(
        config.starting_stack)), money, *kind]
    return " · ".join(part.replace(" ", "\u00a0").replace("-", "-\u2060") if whole_parts else part for part in parts)


class _WideListBox(QComboBox):
    """A choice whose list opens as wide as its longest line, however narrow the closed box; closed, it shows
    only the structure's name (at 1280 px its whole line was cut at "25 000 jet"), the details being said
    whole under it."""

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        option.currentText = str(self.currentData(NAME_ROLE) or option.currentText)
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def showPopup(self) -> None:
        view = self.view()
        widest = max((view.fontMetrics().horizontalAdvance(self.itemText(i)) for i in range(self.count())),
                     default=0)
        view.setMinimumWidth(widest + 4 * view.frameWidth() + view.verticalScrollBar().sizeHint().width()
                             + self.iconSize().width())
        super().showPopup()


class NewTournamentForm(QGroupBox):
    """The structure and tonight's settings; `config()` is the tournament to create (TourneyError if the
    values are refused by the rules, said by name)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("New tournament"), parent)
        self.configs = structure_configs()
        self.structure = _WideListBox(self)
        self.structure.setObjectName("structure")
        for name, config in self.configs.items():
            self.structure.addItem(describe(config), name)
            self.structure.setItemData(self.structure.count() - 1, config.name, NAME_ROLE)
        self.structure.setCurrentIndex(max(0, self.structure.findData("pko")))
        self.structure.setMinimumContentsLength(30)
        self.structure.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        # The closed box is narrower than its lines at 1280 px ("25 000 jetons ·" was all a TD saw): the
        # list opens as wide as its longest line, and the chosen structure is described whole, wrapped,
        # under the box.
        self.structure_details = QLabel(self)
        self.structure_details.setObjectName("structureDetails")
        self.structure_details.setWordWrap(True)
        self.name = QLineEdit(self)
        self.name.setObjectName("name")
        self.name.setPlaceholderText(tr("e.g. Friday PKO"))
        self.date = QDateEdit(QDate.currentDate(), self)
        self.date.setObjectName("date")
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.prize = self._amount("prize")
        self.bounty = self._amount("bounty")
        self.fee = self._amount("fee")
        self.total = QLabel(self)
        self.total.setObjectName("total")
        self.stack = QSpinBox(self)
        self.stack.setObjectName("starting_stack")
        self.stack.setRange(1, 10_000_000)
        self.stack.setGroupSeparatorShown(True)
        self.stack.setSingleStep(1000)
        self.guarantee = self._amount("guarantee")
        self.guarantee.setSpecialValueText(tr("none"))
        # A free league night: no buy-in, no guarantee, the places give the league points.
        self.points_only = QCheckBox(tr("&Points only: no money at all"), self)
        self.points_only.setObjectName("points_only")
        self.points_only.toggled.connect(self._money_shown)
        # Two parts a line: the three side by side made the start page 1,478 px wide in French, wider than
        # a 1280 px screen.
        price = QGridLayout()
        parts = ((tr("prize pool"), self.prize), (tr("bounty"), self.bounty), (tr("fee"), self.fee))
        for i, (part, box) in enumerate(parts):
            price.addWidget(QLabel(part, self), i // 2, (i % 2) * 2)
            price.addWidget(box, i // 2, (i % 2) * 2 + 1)
        price.addWidget(self.total, 1, 2, 1, 2)
        structure = QVBoxLayout()
        structure.setSpacing(2)
        structure.addWidget(self.structure)
        structure.addWidget(self.structure_details)
        form = QFormLayout(self)
        rows: list[tuple[str, QWidget, QWidget | QGridLayout | QVBoxLayout]] = [
            (tr("S&tructure"), self.structure, structure),
            (tr("&Name"), self.name, self.name),
            (tr("&Date"), self.date, self.date), (tr("&Buy-in"), self.prize, price),
            (tr("Starting &stack"), self.stack, self.stack), (tr("&Guarantee"), self.guarantee, self.guarantee),
            ("", self.points_only, self.points_only)]
        for text, buddy, field in rows:
            label = QLabel(text, self)
            label.setBuddy(buddy)  # Alt+letter goes to the field
            form.addRow(label, field)
        self.structure.currentIndexChanged.connect(self._fill)
        for box in (self.prize, self.bounty, self.fee):
            box.valueChanged.connect(self._show_total)
        self._fill()

    def _amount(self, name: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setObjectName(name)
        box.setRange(0, BIGGEST)
        box.setGroupSeparatorShown(True)
        return box

    @property
    def chosen(self) -> Config:
        return self.configs[str(self.structure.currentData())]

    def use(self, config: dict[str, Any]) -> None:
        """The tournament editor's config as the form's structure, chosen, its name and date in the form."""
        made = parse_config(config)
        self.configs[EDITED] = made
        text = tr("Edited: {description}").format(description=describe(made))
        at = self.structure.findData(EDITED)
        if at < 0:
            self.structure.insertItem(0, text, EDITED)
            at = 0
        self.structure.setItemText(at, text)
        self.structure.setItemData(at, tr("Edited: {description}").format(description=made.name), NAME_ROLE)
        self.structure.setCurrentIndex(at)
        self._fill()
        self.name.setText(made.name)
        if made.date:
            self.date.setDate(QDate.fromString(made.date, "yyyy-MM-dd"))

    def _fill(self, *_: object) -> None:
        """The chosen structure's own buy-in, stack and guarantee, ready to change for tonight."""
        config = self.chosen
        self.structure_details.setText(details(config, whole_parts=True))
        unit = 10 ** minor_digits(config.currency)
        for box in (self.prize, self.bounty, self.fee, self.guarantee):
            box.setSuffix(f"\u00a0{fmt.currency_symbol(config.currency)}")
        self.prize.setValue(config.buy_in.prize // unit)
        self.bounty.setValue(config.buy_in.bounty // unit)
        self.bounty.setEnabled(config.is_bounty_event)  # a bounty exactly when the structure has bounties
        self.fee.setValue(config.buy_in.fee // unit)
        self.stack.setValue(config.starting_stack)
        self.guarantee.setValue(config.payouts.guarantee // unit)
        self._filled = self._amounts()
        self.points_only.setChecked(config.points_only)
        self._show_total()
        self._money_shown()

    def _money_shown(self, *_: object) -> None:
        """A points-only night has no buy-in and no guarantee to type."""
        free = self.points_only.isChecked()
        for box in (self.prize, self.bounty, self.fee, self.guarantee):
            box.setEnabled(not free and (box is not self.bounty or self.chosen.is_bounty_event))
        if free:
            self.total.setText(tr("points only"))
        else:
            self._show_total()

    def _amounts(self) -> dict[str, int]:
        return {"starting_stack": self.stack.value(), "buy_in.prize": self.prize.value(),
                "buy_in.bounty": self.bounty.value(), "buy_in.fee": self.fee.value(),
                "payouts.guarantee": self.guarantee.value()}

    def _show_total(self, *_: object) -> None:
        config = self.chosen
        unit = 10 ** minor_digits(config.currency)
        total = (self.prize.value() + self.bounty.value() + self.fee.value()) * unit
        self.total.setText("= " + fmt.money(total, config.currency))

    def file_stem(self) -> str:
        """The file's suggested name: the tournament's name and its date, as a club files its nights."""
        return f"{self.tournament_name()} {self.date.date().toString('yyyy-MM-dd')}"

    def tournament_name(self) -> str:
        return " ".join(self.name.text().split()) or self.chosen.name

    def config(self) -> dict[str, Any]:
        """The chosen structure with tonight's settings written in (validated when the file is created): an
        amount changed in the form, in whole units; one left as filled, exactly as the structure has it."""
        config = self.chosen
        unit = 10 ** minor_digits(config.currency)
        changes: dict[str, Any] = {"name": self.tournament_name(), "date": self.date.date().toString("yyyy-MM-dd")}
        for key, value in self._amounts().items():
            if value != self._filled[key]:
                changes[key] = value if key == "starting_stack" else value * unit
        if self.points_only.isChecked():
            return points_only_config(set_dotted(config.to_dict(), {k: v for k, v in changes.items()
                                                                   if k in ("name", "date", "starting_stack")}))
        if config.points_only:  # a free structure given a buy-in for tonight: a night with money
            return set_dotted({k: v for k, v in config.to_dict().items() if k != "points_only"}, changes)
        return set_dotted(config.to_dict(), changes)
