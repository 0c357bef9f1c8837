"""The site's words in each language it speaks. English is the key; a venue whose language is French reads
the French. A text with `{name}` fields is formatted after it is translated, so a translation may put the
figures where its grammar wants them.

Every text a template or `pages.py` shows goes through `Words`; a test checks that each has its French.
"""

from __future__ import annotations

import re
from typing import Any

FRENCH: dict[str, str] = {
    # the frame
    "Tournament results": "Résultats des tournois",
    "Results sent by TourneyDesk from the venue; times are {zone} time.":
        "Résultats envoyés par TourneyDesk depuis le club ; heure de {zone}.",
    "Results sent by TourneyDesk from the venue; times in UTC.":
        "Résultats envoyés par TourneyDesk depuis le club ; heures en UTC.",
    "Results sent by TourneyDesk from each venue; times are the venue's own.":
        "Résultats envoyés par TourneyDesk depuis chaque club ; les heures sont celles du club.",
    "Tournaments": "Tournois",
    "Skip to the content": "Aller au contenu",
    "No results have arrived yet.": "Aucun résultat n’est encore arrivé.",
    "No tournaments yet.": "Pas encore de tournoi.",
    "Not found": "Introuvable",
    "There is no such page here.": "Cette page n’existe pas.",
    "There is no such venue here.": "Ce club n’existe pas ici.",
    "There is no such tournament here.": "Ce tournoi n’existe pas ici.",
    "All tournaments": "Tous les tournois",
    "Not available": "Indisponible",
    "This tournament cannot be shown just now: what the venue sent could not be read.":
        "Ce tournoi ne peut pas être affiché pour l’instant : ce que le club a envoyé n’a pas pu être lu.",
    # statuses and tabs
    "Registration": "Inscriptions",
    "Live": "En direct",
    "Finished": "Terminé",
    "Interrupted": "Interrompu",
    "Clock stopped": "Horloge arrêtée",
    "just now": "à l’instant",
    "{minutes} min ago": "il y a {minutes} min",
    "{hours} h {minutes} min ago": "il y a {hours} h {minutes} min",
    "Last news from the venue {time}, {ago}": "Dernières nouvelles du club à {time}, {ago}",
    "No news for more than {minutes} min: the clock is stopped where the venue last left it":
        "Pas de nouvelles depuis plus de {minutes} min : l’horloge est arrêtée là où le club l’a laissée",
    "Results": "Résultats",
    # a tournament's card
    "{players} players": "{players} joueurs",
    "{entries} entries": "{entries} entrées",
    "prize pool {amount}": "dotation {amount}",
    "Won by {name}": "Gagné par {name}",
    "{count} left": "{count} en jeu",
    # the clock
    "Level {level}": "Niveau {level}",
    "Break": "Pause",
    "(repeating)": "(répété)",
    "Not started": "Pas commencé",
    "Paused": "En pause",
    "Blinds": "Blindes",
    "ante": "ante",
    "Next:": "Ensuite :",
    "the last level again": "le dernier niveau, à nouveau",
    "Level {level}: {blinds}": "Niveau {level} : {blinds}",
    "break in {time}": "pause dans {time}",
    "Late registration open": "Inscriptions tardives ouvertes",
    "closes in {time}": "fin dans {time}",
    "{name} wins": "{name} remporte le tournoi",
    "Colour-up at this break: {chips}": "Colour-up à cette pause : {chips}",
    "Hand-for-hand: hand {hand}": "Main par main : main {hand}",
    "Add-on open": "Add-on ouvert",
    "The new level applies from the next hand": "Le nouveau niveau s’applique dès la prochaine main",
    "Late registration open: {closes}": "Inscriptions tardives ouvertes : {closes}",
    # the figures
    "Players": "Joueurs",
    "Players left": "Joueurs en jeu",
    "Entries": "Entrées",
    "Average stack": "Tapis moyen",
    "Chip leader": "Chip leader",
    "Stack": "Tapis",
    "counted at level {level}": "compté au niveau {level}",
    "counted after level {level}": "compté après le niveau {level}",
    "counted at the break": "compté à la pause",
    "Prize pool": "Dotation",
    "No money": "Sans argent",
    "Points only": "Aux points",
    "Free: points only": "Gratuit : aux points",
    "A points-only night: no money changed hands; the places give the league points.":
        "Une soirée aux points : aucun argent n’a été en jeu ; les places donnent les points du championnat.",
    "Points only: no money, no payouts; the places give the league points.":
        "Aux points : pas d’argent, pas de gains ; les places donnent les points du championnat.",
    "incl. overlay {amount}": "dont overlay {amount}",
    "Bounty pool": "Primes",
    "Date": "Date",
    "Start": "Début",
    "Duration": "Durée",
    "Buy-in": "Buy-in",
    "{prize} + {bounty} bounty": "{prize} + {bounty} de prime",
    "Re-entries": "Re-entrées",
    "Rebuys": "Recaves",
    "{count} (at {price})": "{count} (à {price})",
    "Add-ons": "Add-ons",
    "Places paid": "Places payées",
    # the lists
    "Payouts": "Gains",
    "Place": "Place",
    "Prize": "Gain",
    "Player": "Joueur",
    "The payouts come with the first entries.": "Les gains s’affichent avec les premières entrées.",
    "Still in": "Encore en jeu",
    "Table": "Table",
    "Seat": "Siège",
    "Bounty": "Prime",
    "… and {count} more.": "… et {count} de plus.",
    "Nobody in play.": "Personne en jeu.",
    "Out": "Éliminés",
    "provisional": "provisoire",
    "… and {count} more on the results.": "… et {count} de plus dans les résultats.",
    "* provisional: late registration is still open.": "* provisoire : les inscriptions tardives sont ouvertes.",
    "Nobody is out yet.": "Personne n’est encore éliminé.",
    "The tournament is not over: these places are provisional.":
        "Le tournoi n’est pas fini : ces places sont provisoires.",
    "The last players made a deal ({method}): their prizes are the deal's amounts.":
        "Les derniers joueurs ont fait un deal ({method}) : leurs gains sont ceux du deal.",
    "Bounties": "Primes",
    "Total": "Total",
    "({count} entries)": "({count} entrées)",
    "No places yet.": "Pas encore de places.",
    "Connection lost: reconnecting…": "Connexion perdue : reconnexion…",
    "Find a player": "Trouver un joueur",
    "Find": "Chercher",
    "Part of a name": "Une partie du nom",
    "Nobody here is called {name}.": "Personne ici ne s’appelle {name}.",
    "table {table}, seat {seat}": "table {table}, siège {seat}",
    "out in place {place}": "éliminé à la place {place}",
    "the winner": "vainqueur",
    "Page {page} of {pages}": "Page {page} sur {pages}",
    "Previous": "Précédente",
    "Next": "Suivante",
    "{count} players match": "{count} joueurs trouvés",
    "{count} player matches": "{count} joueur trouvé",
    "Final table": "Table finale",
    "Deal": "Deal",
    "{method}, {count} players": "{method}, {count} joueurs",
    "Left to play for: {amount}": "Reste en jeu : {amount}",
    "Mystery envelopes drawn": "Enveloppes mystère tirées",
    # an event over several days, a satellite
    "stops at {count} players left": "s’arrête à {count} joueurs restants",
    "stops at the end of level {level}": "s’arrête à la fin du niveau {level}",
    "{count} qualifiers, chips bagged": "{count} qualifiés, jetons mis en sac",
    "Stopped: the chips are being bagged": "Arrêté : les jetons sont mis en sac",
    "Satellite to {target}": "Satellite pour {target}",
    "{count} seats at {value} each": "{count} places à {value} chacune",
    "left over {amount}": "reste {amount}",
    "Seat to {target}": "Ticket pour {target}",
    "Seat to {target} + {cash}": "Ticket pour {target} + {cash}",
    "Flights": "Flights",
    "Flight": "Flight",
    "Total entries": "Entrées au total",
    "Qualifiers": "Qualifiés",
    "Combined prize pool": "Dotation totale",
    "Chip counts": "Tapis",
    "Chips": "Jetons",
    "Draw": "Tirage",
    "Knockout of": "Élimination de",
    "Envelope": "Enveloppe",
    "Won by": "Gagnée par",
    "the envelopes nobody drew": "les enveloppes que personne n’a tirées",
    "ICM": "ICM",
    "chip chop": "au prorata des jetons",
    "custom": "à l’amiable",
    # the club's leagues and its players
    "Leagues": "Classements",
    "There is no such league here.": "Ce classement n’existe pas ici.",
    "There is no such player here.": "Ce joueur n’existe pas ici.",
    "Erased member": "Membre effacé",
    "The rules": "Le règlement",
    "Points for each result:": "Points de chaque résultat :",
    "the “{name}” preset": "la formule prédéfinie « {name} »",
    "The best {best} results of each player count.": "Les {best} meilleurs résultats de chaque joueur comptent.",
    "Every result counts.": "Tous les résultats comptent.",
    "Players level on points are ranked by {rules}.": "À égalité de points, on départage par {rules}.",
    ", then ": ", puis ",
    "Players level on all of it share the rank.": "Les joueurs encore à égalité partagent la place.",
    "more wins": "le plus de victoires",
    "the better best place": "la meilleure place",
    "more cashes": "le plus de places payées",
    "more results played": "le plus de tournois joués",
    "more knockouts": "le plus d’éliminations",
    "entries that night (re-entries count)": "les entrées du soir (re-entrées comprises)",
    "people who played": "les joueurs du soir",
    "their place": "sa place",
    "their prize, in the currency's units": "son gain, en unités de la monnaie",
    "the buy-in price, in the currency's units": "le prix du buy-in, en unités de la monnaie",
    "players they knocked out": "les joueurs qu’il a éliminés",
    "bounties won, in the currency's units": "les primes gagnées, en unités de la monnaie",
    "their rebuys": "ses recaves",
    "their add-ons": "ses add-ons",
    "their re-entries": "ses re-entrées",
    "Standings": "Classement",
    "{count} of the league's tournaments have not reached this site yet: the standings count the others.":
        "{count} tournois de ce classement ne sont pas encore arrivés sur ce site : le classement compte les autres.",
    "Points": "Points",
    "Wins": "Victoires",
    "Best place": "Meilleure place",
    "Cashes": "Places payées",
    "Played": "Joués",
    "{count} counted": "{count} comptés",
    "No results counted yet.": "Aucun résultat compté pour l’instant.",
    "The tournaments it counts": "Les tournois comptés",
    "Seasons": "Saisons",
    "Seasons:": "Saisons :",
    "Season {name}": "Saison {name}",
    "The whole league": "Tout le classement",
    "Standings of the season {name}": "Classement de la saison {name}",
    "The tournaments of the season": "Les tournois de la saison",
    "{first} to {last}": "du {first} au {last}",
    "There is no such season here.": "Cette saison n’existe pas ici.",
    "Prizes": "Gains",
    "{rank} of {count}, {points} points": "{rank} sur {count}, {points} points",
    "Tournament": "Tournoi",
    "Knockouts": "Éliminations",
    "{place} of {count}": "{place} sur {count}",
}

NARROW_NBSP, NBSP = "\u202f", "\u00a0"


def french_typography(text: str) -> str:
    """French sets a space before : ; ! ? and inside « »; written as a plain space, a browser may break the
    line there and leave the mark alone at the start of the next. The no-break spaces keep it with its word:
    a full one before the colon and inside the guillemets, a narrow one before ; ! ? (as French printers do)."""
    for mark in ";!?":
        text = text.replace(f" {mark}", f"{NARROW_NBSP}{mark}")
    return text.replace(" :", f"{NBSP}:").replace("« ", f"«{NBSP}").replace(" »", f"{NBSP}»")


_UNIT_AFTER_FIGURE = re.compile(r"(?<=\}) (?=(?:h|min|s)\b)|(?<=\} h) (?=\{)")

CATALOGUES: dict[str, dict[str, str]] = {"en": {}, "fr": {key: french_typography(text) for key, text in FRENCH.items()}}


class Words:
    """`words("Level {level}", level=3)`: the text in the venue's language, its fields filled in."""

    def __init__(self, language: str) -> None:
        self.language = language if language in CATALOGUES else "en"
        self._catalogue = CATALOGUES[self.language]

    def __call__(self, text: str, **fields: Any) -> str:
        # a countdown is never left alone at the start of a line: "closes in" + no-break space + "25:00";
        # nor a figure parted from its unit: "1 h 21 min ago" never ends a phone's line on "1 h 21"
        translated = _UNIT_AFTER_FIGURE.sub(NBSP, self._catalogue.get(text, text).replace(" {time}", NBSP + "{time}"))
        return translated.format(**fields) if fields else translated
