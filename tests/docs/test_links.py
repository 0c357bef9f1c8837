"""The documents stand on their own: every link leads somewhere, and nothing points outside the repo."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Spelt in two halves so that this file does not match itself.
OUTSIDE_REFERENCES = ("../" + "shared", "DESIGN" + ".md", "STYLE" + ".md", "reference-" + "figures")

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def repo_files() -> list[Path]:
    """Every file git would commit: the tracked ones and the new ones not ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    return [ROOT / name for name in listed if name and (ROOT / name).is_file()]


def markdown_files() -> list[Path]:
    return sorted(p for p in repo_files() if p.suffix == ".md")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(heading)
        name, n = base, 1
        while name in found:
            name, n = f"{base}-{n}", n + 1
        found.add(name)
    return found


def links(path: Path) -> list[str]:
    return LINK.findall(FENCE.sub("", path.read_text(encoding="utf-8")))


def test_no_file_refers_to_anything_outside_the_repository() -> None:
    offenders = []
    for path in repo_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images, compiled catalogues
        offenders += [f"{path.relative_to(ROOT)}: {ref}" for ref in OUTSIDE_REFERENCES if ref in text]
    assert offenders == []


def test_the_readme_and_the_docs_are_found() -> None:
    names = {str(p.relative_to(ROOT)) for p in markdown_files()}
    assert {"README.md", "CONTRIBUTING.md", "docs/user-guide.md", "docs/rules.md", "docs/config.md",
            "docs/architecture.md", "docs/protocol.md", "docs/adding-a-command.md"} <= names


def test_every_relative_link_leads_to_a_file_and_its_heading() -> None:
    broken = []
    for path in markdown_files():
        for target in links(path):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue  # https:, mailto:: outside by nature, not a file of ours
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(ROOT)} -> {target}"
            if not dest.is_relative_to(ROOT):
                broken.append(f"{where} (outside the repository)")
            elif not dest.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                broken.append(f"{where} (no such heading)")
    assert broken == []


def test_the_link_checker_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Top\n\nSee [there](missing.md) and [here](#top).\n\n```\n[not](a-link.md)\n```\n")
    assert links(page) == ["missing.md", "#top"]
    assert anchors(page) == {"top"}
    assert slug("How a window keeps up with 10,000 entries") == "how-a-window-keeps-up-with-10000-entries"
