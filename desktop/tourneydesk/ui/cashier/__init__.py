"""The cashier desk: registrations, buy-ins and the rest of the money, payouts and the drawer."""

from .window import CashierWindow

__all__ = ["CashierWindow"]
