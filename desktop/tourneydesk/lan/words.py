"""The pages' words in English and French, chosen by the device's language (Accept-Language).

The pages run without Qt (a laptop under the table may have no windows at all), so their words live
here rather than in the Qt catalogue; the console's own LAN controls are translated with the app.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.protocol import event_types
from ..core.protocol.events import Event
from ..event_words import ACTIONS, EVENTS, in_language

LANGUAGES = ("en", "fr")
NBSP, NARROW_NBSP = "\u00a0", "\u202f"


def french(text: str) -> str:
    """French as it is printed: the typographic apostrophe, and a no-break space before : ; ! ? and inside
    « », so that a phone's narrow line never starts with the mark alone (the desktop's catalogue does the same)."""
    text = text.replace("'", "\u2019")
    for mark in ";!?":
        text = text.replace(f" {mark}", f"{NARROW_NBSP}{mark}")
    return text.replace(" :", f"{NBSP}:").replace("« ", f"«{NBSP}").replace(" »", f"{NBSP}»")

# key: (English, French). The pages' scripts read the same table (`page_words`).
WORDS: dict[str, tuple[str, str]] = {
    "title_players": ("Clock and seats", "Horloge et places"),
    "title_td": ("TD remote", "Télécommande du directeur"),
    "title_floor": ("Floor", "Salle"),
    "title_cashier": ("Cashier", "Caisse"),
    "title_screen": ("Screen", "Écran"),
    "title_pair": ("Pair this device", "Associer cet appareil"),
    "level": ("Level {n}", "Niveau {n}"),
    "break": ("Break", "Pause"),
    "blinds": ("Blinds", "Blindes"),
    "ante": ("ante", "ante"),
    "next": ("Next", "Ensuite"),
    "next_line": ("Next: {next}", "Ensuite : {next}"),
    "break_in": ("break in {t}", "pause dans {t}"),
    "paused": ("Paused", "En pause"),
    "not_started": ("Not started", "Pas commencé"),
    "finished": ("Finished", "Terminé"),
    "winner": ("{name} wins", "{name} gagne"),
    "repeating": ("(repeating)", "(répété)"),
    "late_reg": ("Late registration open", "Inscriptions tardives ouvertes"),
    "hand_for_hand": ("Hand-for-hand: hand {n}", "Main par main : main {n}"),
    "players_left": ("Players left", "Joueurs restants"),
    "entries": ("Entries", "Entrées"),
    "average": ("Average stack", "Tapis moyen"),
    "prize_pool": ("Prize pool", "Dotation"),
    "bounty_pool": ("Bounty pool", "Primes"),
    "payouts": ("Payouts", "Gains"),
    "payouts_none": ("The payouts come with the first entries.", "Les gains viennent avec les premières entrées."),
    "place": ("Place", "Place"),
    "prize": ("Prize", "Gain"),
    "player": ("Player", "Joueur"),
    "find_seat": ("Find my seat", "Trouver ma place"),
    "find_hint": ("Type part of your name", "Tapez une partie de votre nom"),
    "table_seat": ("Table {t}, seat {s}", "Table {t}, siège {s}"),
    "not_seated": ("Not seated yet", "Pas encore placé"),
    "moved_from": ("Just moved from table {t}, seat {s}", "Vient d'être déplacé de la table {t}, siège {s}"),
    "waits": ("Sit out until the big blind reaches you", "Attendez la grosse blinde pour jouer"),
    "my_seat": ("My seat", "Ma place"),
    "my_bounty": ("Bounty on your head: {amount}", "Prime sur votre tête : {amount}"),
    "my_stack": ("Your chips as last counted: {chips}", "Vos jetons au dernier comptage : {chips}"),
    "schedule": ("Blind schedule", "Structure des blindes"),
    "level_short": ("Level", "Niveau"),
    "minutes": ("Min.", "Min."),
    "this_is_me": ("That's me", "C'est moi"),
    "not_me": ("Not me: forget it", "Pas moi : oublier"),
    "me_out": ("No longer in play", "Plus en jeu"),
    "me_place": ("Out: place {place}", "Classement : {place}"),
    "me_prize": ("Your prize: {amount}", "Votre gain : {amount}"),
    "me_bounties_won": ("Bounties won: {amount}", "Primes gagnées : {amount}"),
    "me_no_prize": ("Out of the money", "Hors des places payées"),
    "you_move": ("You move: {where}", "Vous changez de place : {where}"),
    "nobody_found": ("Nobody in play by that name", "Personne en jeu sous ce nom"),
    "recent_busts": ("Recent busts", "Dernières éliminations"),
    "nobody_out": ("Nobody is out yet.", "Personne n'est encore éliminé."),
    "place_not_final": ("* Place not final yet: the player may still re-enter or rebuy.",
                        "* Place pas encore définitive : le joueur peut encore revenir ou se recaver."),
    "bounties": ("Biggest bounties", "Plus grosses primes"),
    "waiting_list": ("Waiting list", "Liste d'attente"),
    "points_only": ("Points only", "Aux points"),
    "payouts_points_only": ("Points only: no money, no payouts; the places give the league points.",
                            "Aux points : pas d'argent, pas de gains ; les places donnent les points du championnat."),
    "waiting_hint": ("Every seat is taken: they are seated in this order as seats free up.",
                     "Toutes les places sont prises : ils sont placés dans cet ordre dès qu'une place se libère."),
    "waiting_closed": ("Late registration has closed: they will not be seated.",
                       "L'inscription tardive est close : ils ne seront pas placés."),
    "bounty": ("Bounty", "Prime"),
    "live": ("Live", "En direct"),
    "offline": ("Connection lost: reconnecting…", "Connexion perdue : reconnexion…"),
    "notes_registration_closes": ("Late registration closes in {m} minutes",
                                  "Les inscriptions tardives ferment dans {m} minutes"),
    "notes_color_up": ("Colour-up at this break: {chips}", "Changement de jetons à cette pause : {chips}"),
    "notes_add_on_open": ("Add-on open", "Add-on ouvert"),
    "notes_new_level": ("The new level applies from the next hand", "Le nouveau niveau s'applique à la main suivante"),
    "notes_final_table": ("Final table", "Table finale"),
    "pair_code": ("Pairing code", "Code d'association"),
    "pair_name": ("This device's name", "Nom de cet appareil"),
    "pair_actor": ("Your name", "Votre nom"),
    "pair_button": ("Pair", "Associer"),
    "pair_hint": ("The console shows the code (Venue network > Pair a device); without windows, "
                  "tourneydesk FILE lan pair ROLE prints one.",
                  "La console affiche le code (Réseau de la salle > Associer un appareil) ; sans fenêtre, "
                  "tourneydesk FICHIER lan pair RÔLE en donne un."),
    "paired_as": ("Paired as {role}: {name}", "Associé comme {role} : {name}"),
    "unpair": ("Forget this pairing", "Oublier l'association"),
    "not_paired": ("This device is not paired here, or its pairing was revoked. A pairing belongs to one "
                   "address and port: a device paired at another one pairs again here.",
                   "Cet appareil n'est pas associé ici, ou son association a été révoquée. Une association vaut "
                   "pour une adresse et un port : un appareil associé ailleurs s'associe de nouveau ici."),
    "wrong_role": ("This page is for a {needs} device; this one is paired as {role}.",
                   "Cette page est pour un appareil {needs} ; celui-ci est associé comme {role}."),
    "role_td": ("TD", "directeur"),
    "role_floor": ("floor", "salle"),
    "role_cashier": ("cashier", "caissier"),
    "role_display": ("screen", "écran"),
    "pause": ("Pause", "Pause"),
    "resume": ("Resume", "Reprendre"),
    "start": ("Start", "Démarrer"),
    "previous_level": ("◀ Level", "◀ Niveau"),
    "next_level": ("Level ▶", "Niveau ▶"),
    "minus_minute": ("−1 min", "−1 min"),
    "plus_minute": ("+1 min", "+1 min"),
    "announce": ("Announcement to every screen and phone", "Annonce sur tous les écrans et téléphones"),
    "announce_hint": ("Dinner is served at the bar", "Le dîner est servi au bar"),
    "announce_for": ("Shown", "Affichée"),
    "until_taken_down": ("until taken down", "jusqu'à ce qu'on l'efface"),
    "announce_send": ("Show it", "Afficher"),
    "announce_clear": ("Take it down", "Effacer l'annonce"),
    "announced": ("Shown on every screen: {text}", "Affichée sur tous les écrans : {text}"),
    "announce_cleared": ("The announcement is taken down", "L'annonce est effacée"),
    "a_player": ("A player: the clock, a penalty, a chip count", "Un joueur : horloge, pénalité, comptage"),
    "on_the_clock": ("On the clock: 1 minute", "Horloge sur le joueur : 1 minute"),
    "penalty": ("Penalty: sit out", "Pénalité : hors du jeu"),
    "penalty_reason": ("Why (the log keeps it)", "Pourquoi (le journal le garde)"),
    "penalty_reason_needed": ("Say why: a penalty is recorded with its reason",
                              "Dites pourquoi : une pénalité est enregistrée avec sa raison"),
    "penalty_give": ("Give the penalty", "Donner la pénalité"),
    "chips_counted": ("Chips counted", "Jetons comptés"),
    "count_record": ("Record the count", "Enregistrer le comptage"),
    "bust": ("Bust-out", "Élimination"),
    "who_is_out": ("Who is out?", "Qui est éliminé ?"),
    "busted_by": ("Busted by", "Éliminé par"),
    "preview": ("Check", "Vérifier"),
    "confirm_bust": ("Bust {name}", "Éliminer {name}"),
    "bust_preview": ("{name} finishes {place}, prize {prize}", "{name} termine {place}e, gain {prize}"),
    "bust_preview_unplaced": ("{name} is out (no place: a re-entry can follow)",
                              "{name} est éliminé (sans place : une réentrée peut suivre)"),
    "bounty_to": ("bounty {amount} to {name}", "prime {amount} pour {name}"),
    "cancel": ("Cancel", "Annuler"),
    "plan": ("Next step", "Étape suivante"),
    "plan_none": ("Nothing to do: the tables are balanced.", "Rien à faire : les tables sont équilibrées."),
    "plan_more": ("and {n} more after it", "et {n} autres ensuite"),
    "plan_more_one": ("and 1 more after it", "et 1 autre ensuite"),
    "button_at": ("Button: seat {s} ({name})", "Bouton : siège {s} ({name})"),
    "button_dead": ("Dead button: seat {s} (empty)", "Bouton mort : siège {s} (vide)"),
    "apply": ("Apply", "Appliquer"),
    "next_hand": ("Next hand", "Main suivante"),
    "hand_for_hand_off": ("End hand-for-hand", "Fin du main par main"),
    "undo": ("Undo", "Annuler la dernière action"),
    "undo_what": ("Undo: {what}", "Annuler : {what}"),
    "undo_none": ("Nothing to undo", "Rien à annuler"),
    "undone": ("Undone: {what}", "Annulé : {what}"),
    "finish_title": ("End the tournament", "Terminer le tournoi"),
    "finish_last": ("{name} is the last player left.", "{name} est le dernier joueur en jeu."),
    "finish_closes": ("Late registration (or a rebuy) is still open: no one can register or come back after.",
                      "Les inscriptions tardives (ou une recave) sont encore ouvertes : plus personne ne pourra "
                      "s'inscrire ni revenir ensuite."),
    "finish_button": ("End the tournament: {name} wins", "Terminer le tournoi : {name} gagne"),
    "finish_confirm": ("Tap again to end it now", "Touchez encore pour le terminer maintenant"),
    "finish_done": ("The tournament is over: {name} wins", "Le tournoi est terminé : {name} gagne"),
    "done": ("Done", "Fait"),
    "done_what": ("Done: {what}", "Fait : {what}"),
    "devices": ("Paired devices", "Appareils associés"),
    "this_device": ("this device", "cet appareil"),
    "revoke": ("Revoke", "Révoquer"),
    "revoke_again": ("Tap again to revoke {name}", "Touchez encore pour révoquer {name}"),
    "revoked": ("{name} is revoked: its next request is refused", "{name} est révoqué : sa prochaine demande "
                "est refusée"),
    "sent_again": ("Sent again after the connection dropped", "Renvoyé après la coupure"),
    "find_player": ("Find or register a player", "Chercher ou inscrire un joueur"),
    "register_new": ("Register {name}", "Inscrire {name}"),
    "buy_in": ("Buy-in", "Entrée"),
    "reentry": ("Re-entry", "Réentrée"),
    "rebuy": ("Rebuy", "Recave"),
    "add_on": ("Add-on", "Add-on"),
    "pay": ("Pay {amount}", "Payer {amount}"),
    "owed": ("Owed {amount}", "Dû {amount}"),
    "paid": ("Paid", "Payé"),
    "payment": ("Payment", "Paiement"),
    "drawer": ("The drawer", "La caisse"),
    "money_in": ("In", "Entrées"),
    "money_out": ("Out", "Sorties"),
    "movements": ("Movements", "Mouvements"),
    "refund": ("Refund", "Rembourser"),
    "refund_what": ("Refund {name}'s {kind}: {amount} ({payment})?",
                    "Rembourser à {name} {kind} : {amount} ({payment}) ?"),
    "refund_confirm": ("Yes, refund {amount}", "Oui, rembourser {amount}"),
    "refunded": ("Refunded: {name}'s {kind}, {amount} ({payment})",
                 "Remboursé à {name} : {kind}, {amount} ({payment})"),
    "take_back": ("Take back", "Reprendre"),
    "take_back_what": ("Take back {name}'s {kind}? (Points only: no money to give back.)",
                       "Reprendre à {name} {kind} ? (Aux points : pas d'argent à rendre.)"),
    "take_back_confirm": ("Yes, take it back", "Oui, la reprendre"),
    "taken_back": ("Taken back: {name}'s {kind}", "Repris à {name} : {kind}"),
    "kind_buy_in": ("buy-in", "l'entrée"),
    "kind_reentry": ("re-entry", "la réentrée"),
    "kind_rebuy": ("rebuy", "la recave"),
    "kind_add_on": ("add-on", "l'add-on"),
    "seat_player": ("Seat the player", "Placer le joueur"),
    "points_only_sale": ("Points only: nothing to pay, the places give the league points",
                         "Aux points : rien à payer, les places donnent les points du championnat"),
    "join_waiting": ("Put on the waiting list", "Mettre sur la liste d'attente"),
    "leave_waiting": ("Take off the waiting list", "Retirer de la liste d'attente"),
    "waiting_number": ("Number {n} on the waiting list", "Numéro {n} sur la liste d'attente"),
    "waiting_added": ("{name} is number {n} on the waiting list", "{name} est numéro {n} sur la liste d'attente"),
    "waiting_removed": ("{name} is off the waiting list", "{name} n'est plus sur la liste d'attente"),
    "waiting_clear": ("Take everyone off the waiting list", "Retirer tout le monde de la liste d'attente"),
    "waiting_cleared": ("The waiting list is empty", "La liste d'attente est vide"),
    "waiting_none": ("Nobody is waiting for a seat.", "Personne n'attend de place."),
    "waiting_seats_free": ("{n} seats free: the cashier seats the first on the list",
                           "{n} places libres : la caisse place le premier de la liste"),
    "waiting_add": ("Add a player to the list", "Ajouter un joueur à la liste"),
    "unregister": ("Take back the registration", "Annuler l'inscription"),
    "unregistered": ("{name}'s registration taken back", "inscription de {name} annulée"),
    "present": ("Present in person", "Présent en personne"),
    "stack_now": ("The player's chips now (counted)", "Les jetons du joueur maintenant (comptés)"),
    "stack_needed": ("Count the player's chips first: a rebuy depends on them",
                     "Comptez d'abord les jetons du joueur : la recave en dépend"),
    "split": ("prize {prize} · bounty {bounty} · fee {fee}", "dotation {prize} · prime {bounty} · frais {fee}"),
    "split_no_bounty": ("prize {prize} · fee {fee}", "dotation {prize} · frais {fee}"),
    "seat_card": ("Seat card", "Carte de placement"),
    "seat_card_printed": ("Printed on the laptop", "Imprimée sur l'ordinateur"),
    "seat_card_saved": ("Saved on the laptop (PDF): print it from there",
                        "Enregistrée sur l'ordinateur (PDF) : imprimez-la de là"),
    "status_active": ("in play", "en jeu"),
    "status_busted": ("out", "éliminé"),
    "status_removed": ("removed", "exclu"),
    "status_disqualified": ("disqualified", "disqualifié"),
    "pay_cash": ("Cash", "Espèces"),
    "pay_card": ("Card", "Carte"),
    "pay_transfer": ("Transfer", "Virement"),
    "pay_voucher": ("Voucher", "Bon"),
    "pay_comp": ("Comp", "Offert"),
    "pay_none": ("no money", "sans argent"),
    "scan": ("Scan for the clock and your seat", "Scannez pour l'horloge et votre place"),
    "refused": ("Refused: {message}", "Refusé : {message}"),
    "fingerprint": ("The laptop's certificate: SHA-256 {fp}. Your browser's warning about it is expected; "
                    "its fingerprint must read the same.",
                    "Le certificat de l'ordinateur : SHA-256 {fp}. L'avertissement du navigateur est normal ; "
                    "son empreinte doit être la même."),
    "footer": ("Served by TourneyDesk on the venue's own network.", "Servi par TourneyDesk sur le réseau de la salle."),
}

# The desk's refusals that a device meets most, by their stable code, in the device's language; any
# other refusal is shown with the desk's own English message, never blank.
ERRORS: dict[str, tuple[str, str]] = {
    "NOT_PAIRED": ("This device is not paired, or its pairing was revoked",
                   "Cet appareil n'est pas associé, ou son association a été révoquée"),
    "ROLE_FORBIDDEN": ("This device's role cannot do that", "Le rôle de cet appareil ne permet pas cela"),
    "TOO_MANY_ATTEMPTS": ("Too many attempts: wait a minute and try again",
                          "Trop de tentatives : attendez une minute et réessayez"),
    "PAIRING_CODE_WRONG": ("That pairing code is wrong or has expired: ask the console for a new one",
                           "Ce code est faux ou a expiré : demandez-en un nouveau à la console"),
    "NOT_PRESENT": ("The player must be here in person to buy chips",
                    "Le joueur doit être là en personne pour acheter des jetons"),
    "REGISTRATION_CLOSED": ("Late registration is closed", "Les inscriptions tardives sont fermées"),
    "NAME_TAKEN": ("That name is already registered", "Ce nom est déjà inscrit"),
    "NOTHING_OWED": ("Nothing is owed to this entry now", "Rien n'est dû à cette entrée pour l'instant"),
    "BY_REQUIRED": ("Name who won the pot: their bounty depends on it",
                    "Indiquez qui a gagné le coup : sa prime en dépend"),
    "NOT_AT_SAME_TABLE": ("An eliminator must play at the same table",
                          "Celui qui élimine doit jouer à la même table"),
    "ENTRY_NOT_ACTIVE": ("This player is no longer in play", "Ce joueur n'est plus en jeu"),
    "LAST_PLAYER": ("The last player left cannot bust", "Le dernier joueur ne peut pas être éliminé"),
    "NOT_STARTED": ("The clock has not started yet", "L'horloge n'a pas encore démarré"),
    "CLOCK_PAUSED": ("The clock is already paused", "L'horloge est déjà en pause"),
    "CLOCK_RUNNING": ("The clock is already running", "L'horloge tourne déjà"),
    "NO_PREVIOUS_LEVEL": ("The clock is at the first level", "L'horloge est au premier niveau"),
    "HAND_FOR_HAND_ON": ("Hand-for-hand is already on", "Le main par main est déjà en cours"),
    "HAND_FOR_HAND_OFF": ("Hand-for-hand is not on", "Le main par main n'est pas en cours"),
    "NOTHING_TO_UNDO": ("There is nothing to undo", "Il n'y a rien à annuler"),
    "UNDO_CONFLICT": ("This cannot be undone: a later action depends on it",
                      "Impossible d'annuler : une action suivante en dépend"),
    "TOURNAMENT_FINISHED": ("The tournament is over", "Le tournoi est terminé"),
    "PLAYER_OUT": ("This player was disqualified or removed and cannot enter again",
                   "Ce joueur a été disqualifié ou exclu et ne peut plus entrer"),
    "REENTRY_NOT_ALLOWED": ("This tournament is a freezeout: no re-entry",
                            "Ce tournoi est un freezeout : pas de réentrée"),
    "REENTRY_LIMIT": ("This player has used every re-entry", "Ce joueur a utilisé toutes ses réentrées"),
    "REBUY_CLOSED": ("Rebuys are closed", "Les recaves sont fermées"),
    "REBUY_LIMIT": ("This player has used every rebuy", "Ce joueur a utilisé toutes ses recaves"),
    "COMMAND_ID_REUSED": ("That request was already used for another command: send it again",
                          "Cette demande a déjà servi pour une autre commande : renvoyez-la"),
    "COMMAND_INVALID": ("The laptop did not understand that request", "L'ordinateur n'a pas compris cette demande"),
    "BODY_TOO_LARGE": ("That request is too large", "Cette demande est trop grande"),
    "DEVICE_UNKNOWN": ("No paired device has that id", "Aucun appareil associé n'a cet identifiant"),
    "SERVER_ERROR": ("The laptop could not answer that request", "L'ordinateur n'a pas pu répondre à cette demande"),
    "NOTHING_TO_DO": ("That changes nothing", "Cela ne change rien"),
    "REBUY_NOT_ALLOWED": ("This tournament has no rebuys", "Ce tournoi n'a pas de recaves"),
    "REBUY_STACK_TOO_BIG": ("This player has too many chips for a rebuy", "Ce joueur a trop de jetons pour une recave"),
    "ADD_ON_CLOSED": ("The add-on is not open now", "L'add-on n'est pas ouvert en ce moment"),
    "ADD_ON_NOT_ALLOWED": ("This tournament has no add-on", "Ce tournoi n'a pas d'add-on"),
    "ADD_ON_LIMIT": ("This player has used every add-on", "Ce joueur a utilisé tous ses add-ons"),
    "SEAT_TAKEN": ("That seat is taken", "Ce siège est pris"),
    "SEAT_EMPTY": ("Heads-up the button goes to a player", "En tête-à-tête le bouton va à un joueur"),
    "TABLE_UNKNOWN": ("There is no such table in play", "Cette table n'est pas en jeu"),
    "FIELD_MISSING": ("Something the command needs is missing", "Il manque une information à la commande"),
    "TABLE_CLOSED": ("That table is closed", "Cette table est fermée"),
    "LAST_TABLE": ("The last table cannot be broken", "La dernière table ne peut pas être cassée"),
    "SAME_TABLE": ("The player already sits at that table", "Le joueur est déjà à cette table"),
    "NOT_ON_BREAK": ("That is done at a break", "Cela se fait pendant une pause"),
    "PLAYER_HAS_ENTRIES": ("This player has entries: their registration stays",
                           "Ce joueur a des entrées : son inscription reste"),
    "UNKNOWN_ENTRY": ("No entry has that id", "Aucune entrée n'a cet identifiant"),
    "UNKNOWN_PLAYER": ("No player has that id", "Aucun joueur n'a cet identifiant"),
    "STACK_REQUIRED": ("Count the player's chips first", "Comptez d'abord les jetons du joueur"),
    "CHIPS_ABSURD": ("That many chips cannot be right", "Ce nombre de jetons ne peut pas être juste"),
    "NAME_INVALID": ("Give a name of a few letters", "Donnez un nom de quelques lettres"),
    "NOT_AT_TABLE": ("That player does not sit at that table", "Ce joueur n'est pas assis à cette table"),
    "NOTHING_TO_REFUND": ("No sale of this player is left to refund",
                          "Aucune vente de ce joueur ne reste à rembourser"),
    "REFUND_CONFLICT": ("This sale cannot be refunded now: “{what}”, done since, stands on it. The TD can take "
                        "that back first, then the sale can be refunded.",
                        "Cette vente ne peut plus être remboursée : « {what} », fait depuis, en dépend. Le "
                        "directeur peut d'abord annuler cela, puis la vente pourra être remboursée."),
    "NOT_LATEST_SALE": ("Only the player's latest sale can be refunded: refund that one first",
                        "Seule la dernière vente du joueur peut être remboursée : remboursez-la d'abord"),
    "ALREADY_REFUNDED": ("That sale was refunded already", "Cette vente a déjà été remboursée"),
    "NOT_A_SALE": ("That is not a sale of this player", "Ce n'est pas une vente de ce joueur"),
    "NO_MONEY": ("A points-only night takes no money", "Une soirée aux points ne prend pas d'argent"),
    "NO_SEAT_AVAILABLE": ("Every table is full: put the player on the waiting list",
                          "Toutes les tables sont pleines : mettez le joueur sur la liste d'attente"),
    "ALTERNATES_WAITING": ("Others are waiting for a seat: put the player on the waiting list",
                           "D'autres attendent une place : mettez le joueur sur la liste d'attente"),
    "ALTERNATE_NOT_FIRST": ("Another player is first on the waiting list", "Un autre joueur est premier sur la liste "
                            "d'attente"),
    "ALREADY_WAITING": ("This player is already on the waiting list", "Ce joueur est déjà sur la liste d'attente"),
    "NOT_WAITING": ("This player is not on the waiting list", "Ce joueur n'est pas sur la liste d'attente"),
    "SEAT_FREE": ("A seat is free: sell the buy-in", "Une place est libre : vendez l'entrée"),
    "WAITING_LIST_OPEN": ("Late registration is still open: take the players off the waiting list one by one",
                          "Les inscriptions tardives sont encore ouvertes : retirez les joueurs de la liste "
                          "d'attente un par un"),
    "NO_ROOM": ("Every seat is taken: open a table at the console", "Tous les sièges sont pris : ouvrez une "
                "table à la console"),
}


def refusal_text(code: str, message: str, lang: str, params: Mapping[str, Any] | None = None) -> str:
    """A refusal in the device's language where the code is known here, else the desk's own words. A text
    that names what the refusal is about (`{what}`) says it from the refusal's params; without them, the
    desk's own words."""
    pair = ERRORS.get(code)
    if pair is None:
        return message
    text = french(pair[1]) if lang == "fr" else pair[0]
    if "{" not in text:
        return text
    try:
        return text.format(**(params or {}))
    except (KeyError, IndexError):
        return message or text


def language(accept_language: str | None) -> str:
    """The first of English and French the device asks for (`fr-FR,fr;q=0.9,en;q=0.8` -> fr)."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and q > 0:
            ranked.append((-q, position, code))
    return min(ranked)[2] if ranked else "en"


def word(key: str, lang: str, **values: Any) -> str:
    en, fr = WORDS[key]
    return (french(fr) if lang == "fr" else en).format(**values)


def page_words(lang: str) -> dict[str, str]:
    return {key: (french(fr) if lang == "fr" else en) for key, (en, fr) in WORDS.items()}


def _event_word(english: str, lang: str) -> str:
    """An event's words as the console has them (`event_words`), in the device's language."""
    return french(in_language(english, lang)) if lang == "fr" else english


def _t(en: str, fr: str, lang: str, **values: Any) -> str:
    return (french(fr) if lang == "fr" else en).format(**values)


def step_title(step: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    kind = step.get("kind")
    if kind == "final_table":
        return _t("Draw the final table", "Tirer la table finale", lang)
    if kind == "break_table":
        return _t("Break table {t}", "Casser la table {t}", lang, t=step["table"])
    if kind == "open_table":
        return _t("Open table {t}", "Ouvrir la table {t}", lang, t=step["table"])
    if kind == "move":
        return _t("Move {name}: table {t1} seat {s1} → table {t2} seat {s2}",
                  "Déplacer {name} : table {t1} siège {s1} → table {t2} siège {s2}", lang,
                  name=names.get(step["entry"], step["entry"]), t1=step["from"]["table"], s1=step["from"]["seat"],
                  t2=step["to"]["table"], s2=step["to"]["seat"])
    if kind == "needs_button":
        return _t("Where is the button at table {t}?", "Où est le bouton à la table {t} ?", lang, t=step["table"])
    if kind == "hand_for_hand":
        code = (step.get("why") or {}).get("code")
        if code == "pay_jump":
            return _t("Go hand-for-hand: the next bust reaches a pay jump",
                      "Passer main par main : la prochaine élimination atteint un palier de gains", lang)
        if code == "final_table_next":
            return _t("Go hand-for-hand: the next bust forms the final table",
                      "Passer main par main : la prochaine élimination forme la table finale", lang)
        return _t("Go hand-for-hand: the next bust is the bubble",
                  "Passer main par main : la prochaine élimination est la bulle", lang)
    return str(kind)


def _players(n: int, lang: str) -> str:
    return _t("1 player", "1 joueur", lang) if n == 1 else _t("{n} players", "{n} joueurs", lang, n=n)


def step_reason(step: Mapping[str, Any], lang: str) -> str:
    """Why the plan asks for the step, from its `why`; the core's English `reason` for one not known here."""
    why = step.get("why") or {}
    code = why.get("code")
    if code == "final_table":
        return _t("{p} left fit at one table of {size}: redraw every seat at table {t}",
                  "{p} restants tiennent à une table de {size} : nouveau tirage à la table {t}", lang,
                  p=_players(why["players"], lang), size=why["size"], t=why["table"])
    if code == "table_empty":
        return _t("Table {t} is empty: close it", "La table {t} est vide : la fermer", lang, t=why["table"])
    if code == "table_breaks":
        return _t("Table {t} breaks: {p} fit on {n} tables", "La table {t} casse : {p} tiennent sur {n} tables",
                  lang, t=why["table"], p=_players(why["players"], lang), n=why["tables"])
    if code == "table_opens":
        return _t("Table {t} opens with {p}", "La table {t} ouvre avec {p}", lang, t=why["table"],
                  p=_players(why["players"], lang))
    if code == "which_button":
        return _t("Which seat has the button at table {t}?", "Quel siège a le bouton à la table {t} ?", lang,
                  t=why["table"])
    if code in ("move_floor", "move_spread"):
        return _t("Balance: {name} (big blind next) moves from table {t1} to table {t2}",
                  "Équilibrage : {name} (grosse blinde au prochain coup) passe de la table {t1} à la table {t2}",
                  lang, name=why["name"], t1=why["from_table"], t2=why["to_table"])
    if code == "bubble":
        return _t("The next bust is the bubble: {p} left, {paid} paid",
                  "La prochaine élimination est la bulle : {p} restants, {paid} payés", lang,
                  p=_players(why["players"], lang), paid=why["paid"])
    if code == "pay_jump":
        return _t("The next bust reaches the pay jump to {jump} places: {p} left",
                  "La prochaine élimination atteint le palier des {jump} places payées : {p} restants", lang,
                  jump=why["jump"], p=_players(why["players"], lang))
    if code == "final_table_next":
        return _t("The next bust forms the final table: {p} left",
                  "La prochaine élimination forme la table finale : {p} restants", lang,
                  p=_players(why["players"], lang))
    return str(step.get("reason") or "")


def describe_command(events: list[Event], names: Mapping[str, str], lang: str) -> str:
    """One line for the command these events made: what it was and whom it concerned."""
    first = events[0]
    p = first.payload
    declared = event_types.declared(first.type)
    key = first.type
    if declared is not None and declared.log.variant and p.get(declared.log.variant):
        key = f"{first.type}:{declared.log.variant}"
    kind = _event_word(EVENTS.get(key) or EVENTS.get(first.type, first.type), lang)
    if first.type == "clock_set":
        kind += " · " + _event_word(ACTIONS.get(str(p.get("action")), str(p.get("action"))), lang)
    # Whom it concerns: the fields the event's declaration names for the log.
    fields = declared.log.who if declared is not None else ("entry", "player")
    who = next((names.get(p[k], p[k]) for k in fields if isinstance(p.get(k), str)), None)
    if declared is not None and declared.log.name and isinstance(p.get(declared.log.name), str):
        who = str(p[declared.log.name])
    main = kind + (f" · {who}" if who else "")
    if first.station:
        main += f" ({first.station})"
    return main
