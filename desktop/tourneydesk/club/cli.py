"""`tourneydesk club --club FILE ...`: the club file from a shell, for the club's own scripts and backups.

    members import CSV [--dry-run] [--skip-bad] [--column FIELD=COLUMN ...]
    members export CSV            (- for the standard output)
    members list [--find TEXT] [--json]
    members new [--json]          (those new tonight, not members until confirmed)
    members confirm MEMBER_ID [--name NAME | --same-as MEMBER_ID]
    members add NAME [--member-id ID] [--nickname ...] [--email ...] [--phone ...] [--notes ...] [--joined DATE]
    members edit MEMBER_ID [--name ...] [--nickname ...] [--email ...] [--phone ...] [--notes ...] [--joined ...]
    members merge MEMBER_ID --into MEMBER_ID
    members erase MEMBER_ID --yes
    record TOURNAMENT.tdesk [--template NAME] [--same MEMBER_ID ...] [--new MEMBER_ID ...]
    league create NAME --formula "..." [--language td3] [--best N] [--template NAME] [--from DATE] [--to DATE]
                  [--tie-break ...] [--members ID,ID...] [--guests ranked|unranked]
    league edit NAME [--rename NAME] [--formula ...] [--best N | --every-result] [--template NAME] [--from ...]
    league delete NAME
    league list [--json]
    league standings NAME [--season NAME] [--json]
    league members NAME [--add ID...] [--remove ID...] [--guests ranked|unranked]
    league adjust NAME MEMBER_ID POINTS [--night TOURNAMENT_ID] [--reason TEXT]
    season add LEAGUE NAME --from DATE --to DATE      season edit LEAGUE NAME [--rename NAME] [--from] [--to]
    season delete LEAGUE NAME
    formula save NAME "..."       formula delete NAME       formula list
    template save NAME TOURNAMENT.tdesk
    template list [--json]        (with the payout profiles and buy-ins)
    td3 FILE.tdt|FOLDER... [--dry-run] [--skip-bad] [--leagues] [--currency CODE]
    publish --url SITE [--token TOKEN]   (the leagues to the results website; token default $TOURNEYDESK_SYNC_TOKEN)
    restore BACKUP                (a backup of the club file put back in its place)

`--open-as-is` opens a club file that holds fewer changes than were made in it (its write-ahead log cut
short) as it is, once the refusal has said so.

Exit 0 on success, 1 with the reason when the club refuses (the same words as the windows), 2 for a
usage error (argparse's own, a file that is not there).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from .. import cli_args
from ..core.arithmetic.names import search_key
from ..core.protocol.errors import TourneyError
from ..shell_words import refusal, tr
from . import formula
from .csv_import import Exported
from .league import GUESTS
from .results import event_beside, read_tournament
from .service import DEFAULT_NAME, ClubService, default_club_path
from .store import ClubFile
from .td3_import import read_saves, saves_in


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    club = commands.add_parser("club", help="the club file: members, results and leagues",
                               description="The club file from a shell: members, results, leagues, templates.")
    club.add_argument("--club", type=Path, help=f"the club file (default: {DEFAULT_NAME} in the user data folder)")
    club.add_argument("--open-as-is", action="store_true",
                      help="open a club file that holds fewer changes than were made in it as it is")
    what = club.add_subparsers(dest="club_command", required=True)

    members = what.add_parser("members", help="import, export or list the members")
    how = members.add_subparsers(dest="members_command", required=True)
    imp = how.add_parser("import", help="import members from a CSV file (nothing is imported while a row is wrong)")
    imp.add_argument("csv", type=Path)
    imp.add_argument("--dry-run", action="store_true",
                     help="show what would be imported and the problems; import nothing")
    imp.add_argument("--skip-bad", action="store_true", help="import the good rows even though others are wrong")
    imp.add_argument("--column", action="append", default=[], metavar="FIELD=COLUMN",
                     help="which column holds a field: its header or its number from 1 (name=2, member_id=\"No.\")")
    exp = how.add_parser("export", help="export the members to a CSV file")
    exp.add_argument("csv", type=Path, help="the CSV file to write, or - for the standard output")
    new = how.add_parser("new", help="those new tonight, recorded from a night, who are not members until confirmed")
    new.add_argument("--json", action="store_true")
    confirm = how.add_parser("confirm", help="make someone new tonight a member (with the name corrected, if need be)")
    confirm.add_argument("member", help="their member id, as `members new` lists it")
    confirm.add_argument("--name", help="the name spelled right")
    confirm.add_argument("--same-as", help="they are this member already (a member id): their night goes to them")
    lst = how.add_parser("list", help="list the members")
    lst.add_argument("--find", default="", help="only those whose name, nickname or member id contains this")
    lst.add_argument("--json", action="store_true")
    add = how.add_parser("add", help="add a member by hand")
    add.add_argument("name")
    add.add_argument("--member-id", help="the club's number for them (default: the club gives one, TD-12)")
    edit = how.add_parser("edit", help="correct a member: the fields given change, an empty one is cleared")
    edit.add_argument("member", help="their member id")
    edit.add_argument("--name")
    for one in (add, edit):
        for option in ("nickname", "email", "phone", "notes", "joined"):
            one.add_argument(f"--{option}")
    merge = how.add_parser("merge", help="two members who are one person: the first's history goes to the second")
    merge.add_argument("member", help="the member id that goes")
    merge.add_argument("--into", required=True, help="the member id kept")
    erase = how.add_parser("erase", help="erase a member on their request: name and contacts go, results stay")
    erase.add_argument("member", help="their member id")
    erase.add_argument("--yes", action="store_true", help="yes, erase them (it cannot be undone)")

    record = what.add_parser("record", help="record a finished tournament's results (what a night does by itself)")
    record.add_argument("tournament", type=Path)
    record.add_argument("--template", help="the template the tournament was made from (for leagues by template)")
    record.add_argument("--same", action="append", default=[], metavar="MEMBER_ID",
                        help="a member id typed at the cashier for another name is that member all the same")
    record.add_argument("--new", action="append", default=[], metavar="MEMBER_ID",
                        help="a member id typed at the cashier for another name: that player is someone new")

    leagues = what.add_parser("league", help="create a league, choose its members, adjust points, show its standings")
    how = leagues.add_subparsers(dest="league_command", required=True)
    create = how.add_parser("create", help="a league with its points formula")
    create.add_argument("name")
    create.add_argument("--formula", required=True,
                        help=f"the points formula, or a preset: {', '.join(formula.PRESETS)}")
    create.add_argument("--best", type=int, help="count only each player's best N results")
    create.add_argument("--template", help="count the tournaments made from this template")
    create.add_argument("--from", dest="date_from", help="count the tournaments from this date (2026-01-01)")
    create.add_argument("--to", dest="date_to", help="count the tournaments up to this date")
    create.add_argument("--tie-break", help="comma-separated: wins, best_place, cashes, results, knockouts "
                                            "(default wins,best_place,cashes)")
    create.add_argument("--language", default="tourneydesk", choices=formula.LANGUAGES,
                        help="the formula's language: ours, or The Tournament Director 3's (td3)")
    create.add_argument("--members", help="count these members only (comma-separated member ids); the others "
                                          "who play are guests")
    create.add_argument("--guests", choices=GUESTS, help="guests ranked in the table, or left out of it")
    members = how.add_parser("members", help="who a league counts, and whether its guests are ranked")
    members.add_argument("name")
    members.add_argument("--add", nargs="+", default=[], metavar="MEMBER_ID")
    members.add_argument("--remove", nargs="+", default=[], metavar="MEMBER_ID")
    members.add_argument("--guests", choices=GUESTS)
    adjust = how.add_parser("adjust", help="give (or take, below 0) points by hand in a league")
    adjust.add_argument("name")
    adjust.add_argument("member", help="the member id")
    adjust.add_argument("points", type=float)
    adjust.add_argument("--night", help="to this night's result (its tournament id); without it, to the league")
    adjust.add_argument("--reason", help="why, as the table shows it")
    change = how.add_parser("edit", help="change a league's rules: the options given change, the others stay")
    change.add_argument("name")
    change.add_argument("--rename", help="the league's new name")
    change.add_argument("--formula", help=f"the points formula, a preset ({', '.join(formula.PRESETS)}) or a "
                                          "formula the club saved")
    change.add_argument("--language", choices=formula.LANGUAGES, help="the formula's language")
    change.add_argument("--guests", choices=GUESTS, help="guests ranked in the table, or left out of it")
    best = change.add_mutually_exclusive_group()
    best.add_argument("--best", type=int, help="count only each player's best N results")
    best.add_argument("--every-result", action="store_true", help="count every result")
    change.add_argument("--template", help="count the tournaments made from this template ('' for any)")
    change.add_argument("--from", dest="date_from", help="count the tournaments from this date ('' for any)")
    change.add_argument("--to", dest="date_to", help="count the tournaments up to this date ('' for any)")
    change.add_argument("--tie-break", help="comma-separated: wins, best_place, cashes, results, knockouts")
    delete = how.add_parser("delete", help="delete a league (the nights and results stay)")
    delete.add_argument("name")
    listed = how.add_parser("list", help="the leagues, their rules and seasons")
    listed.add_argument("--json", action="store_true")
    standings = how.add_parser("standings", help="the league table")
    standings.add_argument("name")
    standings.add_argument("--season", help="the table of one of its seasons")
    standings.add_argument("--json", action="store_true")

    season = what.add_parser("season", help="a league's seasons: each a span of dates with its own table")
    how = season.add_subparsers(dest="season_command", required=True)
    season_add = how.add_parser("add", help="a season of a league")
    season_edit = how.add_parser("edit", help="a season's name or dates")
    season_delete = how.add_parser("delete", help="delete a season (its nights stay in the league)")
    for one in (season_add, season_edit, season_delete):
        one.add_argument("league")
        one.add_argument("name")
    season_add.add_argument("--from", dest="date_from", required=True, help="its first day (2026-01-01)")
    season_add.add_argument("--to", dest="date_to", required=True, help="its last day")
    season_edit.add_argument("--rename", help="the season's new name")
    season_edit.add_argument("--from", dest="date_from", help="its first day")
    season_edit.add_argument("--to", dest="date_to", help="its last day")

    formulas = what.add_parser("formula", help="the club's own points formulas, for its leagues")
    how = formulas.add_subparsers(dest="formula_command", required=True)
    formula_save = how.add_parser("save", help="keep a formula under a name (replaces one of that name)")
    formula_save.add_argument("name")
    formula_save.add_argument("text")
    formula_delete = how.add_parser("delete", help="forget a formula (leagues keep the one they have)")
    formula_delete.add_argument("name")
    how.add_parser("list", help="the presets and the club's formulas")


    template = what.add_parser("template", help="save a tournament's settings as a template")
    how = template.add_subparsers(dest="template_command", required=True)
    save = how.add_parser("save", help="the settings of a tournament file, under a name")
    save.add_argument("name")
    save.add_argument("tournament", type=Path)
    listing = how.add_parser("list", help="the templates with their levels, the payout profiles and the buy-ins")
    listing.add_argument("--json", action="store_true")

    td3 = what.add_parser("td3", help="import a club's history from The Tournament Director 3: members, nights, "
                                      "structures, payouts, buy-ins, leagues (.tdt saves, or folders of them)")
    td3.add_argument("files", type=Path, nargs="+", metavar="FILE")
    td3.add_argument("--dry-run", action="store_true", help="say what would be imported, file by file; write nothing")
    td3.add_argument("--skip-bad", action="store_true", help="import the others when a file cannot be read")
    td3.add_argument("--leagues", action="store_true",
                     help="make a league of each points formula, of TD3's league and season, with the nights it scored")
    td3.add_argument("--currency", default="EUR", help="the currency of the club's money (TD3 does not say; "
                                                       "default EUR)")

    publish = what.add_parser("publish", help="send the leagues and who played each night (by public handle) to "
                                              "the results website")
    publish.add_argument("--url", required=True, help="the results website (https://results.example-club.org)")
    publish.add_argument("--token", help="the venue token (default: $TOURNEYDESK_SYNC_TOKEN)")

    restore = what.add_parser("restore", help="put a backup of the club file back in its place (close "
                                              "TourneyDesk's windows first); the file it replaces is kept aside")
    restore.add_argument("backup", type=Path, help="a backup, from the club file's .backups folder")


def run(args: argparse.Namespace) -> int:
    path: Path = args.club or default_club_path()
    problem = cli_args.kind_problem(path)
    if problem is not None:
        print(f"tourneydesk club: --club {problem}", file=sys.stderr)
        return 2
    try:
        if getattr(args, "dry_run", False) and not path.exists():
            with ClubService.for_dry_run(path) as club:
                return _dispatch(club, args)
        if args.club_command == "restore":
            with ClubService(ClubFile.restore(path, _existing(args.backup))) as club:
                print(f"{args.backup.name} put back as {path} ({len(club.members())} members, "
                      f"{len(club.tournaments())} nights)")
            return 0
        with ClubService.open_or_create(path, accept_missing=args.open_as_is) as club:
            return _dispatch(club, args)
    except TourneyError as exc:
        print(f"tourneydesk club: {refusal(exc)}", file=sys.stderr)
        return 1
    except _Usage as exc:
        print(f"tourneydesk club: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file it cannot read or write: a folder, no right to, a medium read-only
        print(f"tourneydesk club: {cli_args.system_says(exc)}", file=sys.stderr)
        return 1
    except sqlite3.Error as exc:  # the club file cannot be opened there (/proc, a folder that is not there)
        print(f"tourneydesk club: cannot open the club file {path}: {exc}", file=sys.stderr)
        return 1


class _Usage(Exception):
    """A call that is not how the command is used: exit 2."""


def _existing(path: Path) -> Path:
    if not path.is_file():
        raise _Usage(f"there is no file {path}")
    return path


def _dispatch(club: ClubService, args: argparse.Namespace) -> int:
    command = args.club_command
    if command == "members":
        return _members(club, args)
    if command == "record":
        summary = event_beside(args.tournament, read_tournament(_existing(args.tournament)))
        if not summary["finished"]:
            raise TourneyError("TOURNAMENT_NOT_FINISHED", f"{summary['name']} is not finished: its results are "
                               "recorded when the last player wins")
        cmd: dict[str, Any] = {"type": "record_tournament", "summary": summary, "station": "shell"}
        if args.template:
            cmd["template"] = args.template
        answers = {**{m: "same" for m in args.same}, **{m: "new" for m in args.new}}
        if set(args.same) & set(args.new):
            raise _Usage(f"member id {sorted(set(args.same) & set(args.new))[0]} is given to --same and --new")
        if answers:
            cmd["member_ids"] = answers
        try:
            result = club.execute(cmd)
        except TourneyError as exc:
            if exc.code == "MEMBER_ID_CLASH":
                raise TourneyError(exc.code, f"{exc.message} (--same MEMBER_ID: that member played; --new "
                                   "MEMBER_ID: someone new tonight)", **exc.params) from exc
            raise

        again = " again" if result["recorded_again"] else ""
        print(f"{summary['name']} ({summary['date']}) recorded{again}: {result['results']} results, "
              f"{result['members_added']} new tonight (members once confirmed: members confirm)")
        if "flights" in summary:
            print(f"One night for the event: its Day 2 and {_count(len(summary['flights']), 'flight')}"
                  + "".join(f"; {name} was not found beside the Day 2: its players who did not qualify are not in"
                            for name in summary["flights_missing"]))
        return 0
    if command == "league":
        return _league(club, args)
    if command == "season":
        return _season(club, args)
    if command == "formula":
        return _formula(club, args)
    if command == "template" and args.template_command == "list":
        return _templates(club, args)
    if command == "template":
        summary_path = _existing(args.tournament)
        from ..store import TournamentFile

        file = TournamentFile.open(summary_path)
        try:
            first = next(iter(file.events()))
        finally:
            file.close(backup=False)
        config = first.payload["config"]
        result = club.execute({"type": "save_template", "name": args.name, "config": config, "station": "shell"})
        print(f"Template {result['template']} {'replaced' if result['replaced'] else 'saved'}")
        return 0
    if command == "td3":
        return _td3(club, args)
    if command == "publish":
        return _publish(club, args)
    raise _Usage(f"unknown command {command}")


def _publish(club: ClubService, args: argparse.Namespace) -> int:
    from ..sync.command import TOKEN_ENV, _loopback, address_problem
    from .publish import publish

    url = args.url.strip()
    problem = address_problem(url)
    if problem is not None:
        raise _Usage(f"--url {url} {problem}")
    if not url.startswith(("https://", "http://")) or (url.startswith("http://") and not _loopback(url)):
        raise _Usage(f"--url must be an https:// address (or http:// on this computer), not {url!r}")
    token = args.token or os.environ.get(TOKEN_ENV)
    if not token:
        raise _Usage(f"no token: pass --token or set ${TOKEN_ENV} (tourneysite token create gives one)")
    problem = cli_args.token_problem(token, "--token" if args.token else f"${TOKEN_ENV}")
    if problem is not None:
        raise _Usage(problem)
    answer = publish(club, url, token)
    print(f"Published to {url}: {answer['leagues']} leagues, {answer['tournaments']} tournaments "
          f"({answer['held']} on the site)")
    return 0


def _league(club: ClubService, args: argparse.Namespace) -> int:
    sub = args.league_command
    if sub == "create":
        cmd: dict[str, Any] = {"type": "create_league", "name": args.name, "formula": args.formula,
                               "language": args.language, "station": "shell",
                               **_given(args, "best", "template", "date_from", "date_to", "guests")}
        if args.tie_break is not None:
            cmd["tie_break"] = [t.strip() for t in args.tie_break.split(",") if t.strip()]
        if args.members:
            cmd["members"] = [m.strip() for m in args.members.split(",") if m.strip()]
        club.execute(cmd)
        print(f"League {args.name} created: {club.leagues_by_name()[args.name]['rules']}")
        return 0
    if sub == "edit":
        cmd = {"type": "edit_league", "name": args.name, "station": "shell",
               **{k: v or None for k, v in _given(args, "template", "date_from", "date_to").items()},
               **_given(args, "formula", "language", "best", "guests", new_name="rename")}
        if args.every_result:
            cmd["best"] = None
        if args.tie_break is not None:
            cmd["tie_break"] = [t.strip() for t in args.tie_break.split(",") if t.strip()]
        result = club.execute(cmd)
        print(f"League {result['league']} changed ({', '.join(result['changed'])}): "
              f"{club.leagues_by_name()[result['league']]['rules']}")
        return 0
    if sub == "delete":
        print(f"League {club.execute({'type': 'delete_league', 'name': args.name, 'station': 'shell'})['league']} "
              "deleted")
        return 0
    if sub == "list":
        leagues = club.leagues()
        if args.json:
            print(json.dumps(leagues, indent=2, ensure_ascii=False))
        for info in leagues if not args.json else []:
            print(f"{info['name']} — {info['rules']} Points: {info['formula']}")
            for one in info["seasons"]:
                print(f"    season {one['name']}: {one['date_from']} to {one['date_to']}")
        return 0
    if sub == "members":
        cmd = {"type": "league_members", "league": args.name, "add": args.add, "remove": args.remove,
               "station": "shell", **_given(args, "guests")}
        result = club.execute(cmd)
        counted = f"{result['members']} chosen members" if result["members"] else "everyone who plays"
        print(f"{result['league']} counts {counted}; guests {result['guests']}")
        return 0
    if sub == "adjust":
        cmd = {"type": "adjust", "league": args.name, "member": args.member, "points": args.points,
               "station": "shell", **_given(args, "reason", tournament_id="night")}
        result = club.execute(cmd)
        print(f"{_points(result['points'])} points for {result['member_id']} in {result['league']}")
        return 0
    table = club.standings(args.name, args.season)
    print(json.dumps(table, indent=2, ensure_ascii=False) if args.json else standings_text(table))
    return 0


def _season(club: ClubService, args: argparse.Namespace) -> int:
    sub = args.season_command
    cmd: dict[str, Any] = {"type": f"{sub}_season" if sub != "add" else "create_season", "league": args.league,
                           "name": args.name, "station": "shell"}
    for key in ("date_from", "date_to"):
        if getattr(args, key, None) is not None:
            cmd[key] = getattr(args, key)
    if getattr(args, "rename", None):
        cmd["new_name"] = args.rename
    result = club.execute(cmd)
    done = {"add": "added", "edit": "changed", "delete": "deleted"}[sub]
    print(f"Season {result['season']} of {result['league']} {done}")
    return 0


def _formula(club: ClubService, args: argparse.Namespace) -> int:
    sub = args.formula_command
    if sub == "save":
        result = club.execute({"type": "save_formula", "name": args.name, "text": args.text, "station": "shell"})
        print(f"Formula {result['formula']} {'replaced' if result['replaced'] else 'saved'}")
    elif sub == "delete":
        print(f"Formula {club.execute({'type': 'delete_formula', 'name': args.name, 'station': 'shell'})['formula']} "
              "deleted")
    else:
        for name, text in {**formula.PRESETS, **club.formulas()}.items():
            print(f"{name:<16} {text}")
    return 0


def _given(args: argparse.Namespace, *options: str, **renamed: str) -> dict[str, Any]:
    """The options given on the command line, as the command's fields (`renamed`: field=option)."""
    pairs = [(option, option) for option in options] + list(renamed.items())
    return {field: getattr(args, option) for field, option in pairs if getattr(args, option) is not None}


def _templates(club: ClubService, args: argparse.Namespace) -> int:
    templates = club.templates()
    listing = {"templates": [{"name": name, "levels": config["levels"], "chips": config.get("chips", []),
                              "starting_stack": config["starting_stack"], "buy_in": config["buy_in"],
                              "currency": config["currency"]} for name, config in templates.items()],
               "payout_profiles": club.payout_profiles(), "buy_ins": club.buy_ins()}
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    for t in listing["templates"]:
        plays = [lv for lv in t["levels"] if "small_blind" in lv]
        breaks = len(t["levels"]) - len(plays)
        print(f"{t['name']}: {len(plays)} levels from {plays[0]['small_blind']}/{plays[0]['big_blind']} to "
              f"{plays[-1]['small_blind']}/{plays[-1]['big_blind']}, {breaks} breaks, {t['starting_stack']} chips, "
              f"buy-in {_money(sum(t['buy_in'].values()))} {t['currency']}")
    for p in listing["payout_profiles"]:
        print(f"payout profile {p['name']}: " + ", ".join(f"{bp / 100:g}%" for bp in p["places"]))
    for b in listing["buy_ins"]:
        print(f"{b['kind'].replace('_', '-')} {b['name']}: {_money(b['prize'] + b['bounty'] + b['fee'])} "
              f"({_money(b['fee'])} to the house), {b['chips']} chips")
    return 0


def _money(cents: int) -> str:
    return f"{cents / 100:.2f}".removesuffix(".00")


def _td3(club: ClubService, args: argparse.Namespace) -> int:
    """A club's TD3 saves, read, then imported in one transaction; what each file gave, file by file."""
    paths = saves_in(_existing(f) if not f.is_dir() else f for f in args.files)
    if not paths:
        raise _Usage(f"no .tdt file in {', '.join(str(f) for f in args.files)}")
    saves, unreadable = read_saves(paths)
    if args.dry_run:
        print(tr("Dry run: the club file is not changed."))
    for path, exc in unreadable:
        print(tr("{file}: {said}").format(file=path.name, said=refusal(exc)))
    if unreadable and not args.skip_bad:
        print("tourneydesk club: " + tr("nothing imported: {count} of %n files cannot be read (--skip-bad imports "
                                        "the others)", "", len(paths)).format(count=len(unreadable)), file=sys.stderr)
        return 1
    if not saves:
        print("tourneydesk club: " + tr("nothing to import"), file=sys.stderr)
        return 1
    # What TD3 leaves unnamed is named in the user's words, as the window names it ("Club Poker 3 payées").
    names = {"payout_profile": tr("{title} {count} paid"), "league": tr("TD3 points")}
    result = club.execute({"type": "import_td3", "saves": saves, "currency": args.currency, "names": names,
                           "leagues": args.leagues, "dry_run": args.dry_run, "station": "shell"})
    for report in result["files"]:
        print(td3_report_line(report))
    skipped: dict[str, int] = {}
    for save in saves:
        for text in save["not_points"]:
            skipped[text] = skipped.get(text, 0) + 1
    if skipped:
        print(tr("Not points formulas (event triggers and screen layouts), skipped: {count}").format(
            count=len(skipped)))
        for text, count in sorted(skipped.items(), key=lambda item: (-item[1], item[0])):
            print(f"    {' '.join(text.split())[:100]}  ({tr('%n files', '', count)})")
    files = result["files"]
    left_out = [(f["file"], refusal(TourneyError(str(problem["code"]), str(problem["text"]),
                                                 **problem.get("params", {}))))
                for f in files for problem in f["problems"]]
    if left_out:  # file by file, what could not be brought over
        print(tr("Problems: what could not come over ({count})").format(count=len(left_out)))
        for file, text in left_out:
            print("    " + tr("{file}: {said}").format(file=file, said=text))
    facts = ", ".join((tr("%n files", "", len(files)), tr("%n nights", "", sum(1 for f in files if f["night"])),
                       tr("%n members added", "", sum(f["members_added"] for f in files)),
                       tr("%n filled in", "", sum(f["members_updated"] for f in files)),
                       tr("%n templates", "", len({f["template"] for f in files if f["template"]})),
                       tr("%n leagues", "", len({f["league"] for f in files if f["league"]}))))
    print((tr("Would import: {facts}") if args.dry_run else tr("Imported: {facts}")).format(facts=facts))
    return 0


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def td3_report_line(report: dict[str, Any]) -> str:
    """What one save gave: its night, its people, its structure, payouts, buy-ins and league."""
    if report["night"] == "recorded again":
        night = tr("night {title} recorded again").format(title=report["title"])
    elif report["night"]:
        night = tr("night {title} recorded").format(title=report["title"])
    else:  # why: under Problems
        night = tr("no night")
    parts = [night, tr("%n members added", "", report["members_added"]) + ", "
             + tr("%n filled in", "", report["members_updated"])]
    for key, what in (("template", tr("template {name}")), ("payout_profile", tr("payout profile {name}")),
                      ("league", tr("league {name}"))):
        if report[key]:
            parts.append(what.format(name=report[key]))
    if report["buy_ins"]:
        parts.append(tr("buy-ins {names}").format(names=", ".join(report["buy_ins"])))
    return tr("{file}: {said}").format(file=f"{report['file']} (TD3 {report['version']})", said="; ".join(parts))


def _members(club: ClubService, args: argparse.Namespace) -> int:
    sub = args.members_command
    if sub == "import":
        data = _existing(args.csv).read_bytes()
        preview = club.preview_csv(data)
        mapping = _mapping(args.column, preview.header) if args.column else None
        if mapping is not None:
            preview = club.preview_csv(data, {**preview.mapping, **mapping})
        columns = ", ".join(f"{field} = {_column_text(preview.header, col)}" for field, col in preview.mapping.items())
        print(f"Columns: {columns}")
        print(f"{len(preview.rows)} members to import")
        for problem in preview.problems:
            print(problem)
        if args.dry_run:
            return 0
        if preview.problems and not args.skip_bad:
            wrong = "1 row is" if len(preview.problems) == 1 else f"{len(preview.problems)} rows are"
            print(f"tourneydesk club: nothing imported: {wrong} wrong (correct them, or --skip-bad to import "
                  "the others)", file=sys.stderr)
            return 1
        if not preview.rows:
            print("tourneydesk club: nothing to import", file=sys.stderr)
            return 1
        result = club.execute({"type": "import_members", "rows": preview.rows, "station": "shell"})
        print(import_text(result))
        return 0
    if sub in ("add", "edit"):
        cmd: dict[str, Any] = {"type": f"{sub}_member", "station": "shell"}
        if sub == "add":
            cmd["name"] = args.name
            if args.member_id:
                cmd["member_id"] = args.member_id
        else:
            cmd["member"] = args.member
            if args.name is not None:
                cmd["name"] = args.name
        cmd.update({k: getattr(args, k) for k in ("nickname", "email", "phone", "notes", "joined")
                    if getattr(args, k) is not None})
        result = club.execute(cmd)
        member = club.member(result["member_id"])
        print(f"{member.name} added: member {member.member_id}" if sub == "add" else
              f"{member.name} ({member.member_id}) corrected: {', '.join(result['changed'])}")
        return 0
    if sub == "merge":
        result = club.execute({"type": "merge_members", "member": args.member, "into": args.into, "station": "shell"})
        print(f"{args.member} merged into {result['member_id']}: {result['results_moved']} results moved")
        return 0
    if sub == "erase":
        if not args.yes:
            raise _Usage(f"erasing member {args.member} cannot be undone: add --yes")
        result = club.execute({"type": "erase_member", "member": args.member, "station": "shell"})
        print(f"Member {result['member_id']} erased: their name and contacts are gone; their results show as "
              "Erased member")
        return 0
    if sub == "new":
        waiting = club.new_tonight()
        if args.json:
            print(json.dumps([{**w["member"].to_dict(), "nights": w["nights"]} for w in waiting], indent=2,
                             ensure_ascii=False))
        for w in waiting if not args.json else []:
            print(f"{w['member'].member_id:>8}  {w['member'].name}  ({w['nights']})")
        return 0
    if sub == "confirm":
        if args.same_as:
            if args.name:
                raise _Usage("--same-as and --name: a member who is someone already keeps that member's name")
            result = club.execute({"type": "merge_members", "member": args.member, "into": args.same_as,
                                   "station": "shell"})
            print(f"{args.member} is member {result['member_id']}: {result['results_moved']} results moved")
            return 0
        confirm: dict[str, Any] = {"type": "confirm_member", "member": args.member, "station": "shell"}
        if args.name:
            confirm["name"] = args.name
        result = club.execute(confirm)
        print(f"{result['name']} is a member ({result['member_id']})")
        return 0
    if sub == "export":
        exported = club.export_csv()
        if str(args.csv) == "-":
            sys.stdout.write(exported.text)
        else:
            args.csv.write_text(exported.text, encoding="utf-8")
            print(export_text(exported, str(args.csv)))
        return 0
    found = club.find(args.find, limit=None)
    if args.json:
        print(json.dumps([m.to_dict() for m in found], indent=2, ensure_ascii=False))
    else:
        for m in found:
            print(f"{m.member_id:>8}  {m.name}" + (f" ({m.nickname})" if m.nickname else ""))
    return 0


def import_text(result: dict[str, int]) -> str:
    return (f"{result['added']} members added, {result['updated']} updated, {result['unchanged']} already as "
            "written")


def export_text(exported: Exported, where: str) -> str:
    escaped = (f"; {exported.escaped} cells that began with = + - or @ were written with an apostrophe first, so "
               "that a spreadsheet shows them as text and never runs them" if exported.escaped else "")
    return f"{exported.members} members written to {where}{escaped}"


def _mapping(pairs: list[str], header: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for pair in pairs:
        field, sep, column = pair.partition("=")
        if not sep:
            raise _Usage(f"--column takes FIELD=COLUMN, not {pair!r}")
        if column.isdigit():
            out[field.strip()] = int(column) - 1
        elif column.strip() in header:
            out[field.strip()] = header.index(column.strip())
        else:
            raise _Usage(f"there is no column {column!r}; the columns are: {', '.join(header)}")
    return out


def _column_text(header: list[str], column: int | list[int]) -> str:
    columns = column if isinstance(column, list) else [column]
    return " + ".join(repr(header[c]) for c in columns)


def standings_text(table: dict[str, Any]) -> str:
    info = table["league"]
    written = info["formula"] if info["language"] == "tourneydesk" else \
        "TD3's formula:\n" + "\n".join(f"    {line}" for line in info["formula"].splitlines())
    lines = [f"{info['name']} — {info['rules']}", f"Points: {written}",
             f"{len(table['tournaments'])} tournaments counted", ""]
    lines.append(f"{'#':>3}  {'Player':<28} {'Points':>8} {'Adjusted':>8} {'Wins':>5} {'Best':>5} {'Cashes':>6} "
                 f"{'Played':>6}")
    # Two members of one name are told apart by their member ids.
    shared = Counter(search_key(row["name"]) for row in table["standings"])
    for row in table["standings"]:
        best = row["best_place"] if row["best_place"] is not None else "-"
        adjusted = sum(r["adjustment"] for r in row["counted"]) + sum(a["points"] for a in row["adjustments"])
        name = (f"{row['name']} ({table['member_ids'].get(row['handle'])})" if shared[search_key(row["name"])] > 1
                else row["name"])
        name = f"{name} (guest)" if row["guest"] else name
        lines.append(f"{row['rank']:>3}  {name[:28]:<28} {_points(row['points']):>8} "
                     f"{_points(adjusted) if adjusted else '':>8} {row['wins']:>5} {best:>5} {row['cashes']:>6} "
                     f"{row['played']:>6}")
    return "\n".join(lines)


def _points(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")
