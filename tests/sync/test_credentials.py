"""The website token: in the system keyring where there is one, else a file only its user can read."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail

from tests.helpers.sync_site import Site, tournament_id
from tourneydesk import cli
from tourneydesk.sync.credentials import SERVICE, TokenStore


class MemoryKeyring(KeyringBackend):
    """A keyring backend that keeps passwords in a dict, as the OS keyring would keep them."""

    priority = 10

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        del self.passwords[(service, username)]


@pytest.fixture
def system_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    memory = MemoryKeyring()
    keyring.set_keyring(memory)
    yield memory
    keyring.set_keyring(before)


def test_with_a_keyring_the_token_goes_there_and_nowhere_on_disk(system_keyring: MemoryKeyring, tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    store.save("t-1", "https://results.example.org/", "secret-token")
    assert store.where == "the system keyring"
    assert system_keyring.passwords == {(SERVICE, "t-1 https://results.example.org"): "secret-token"}
    assert store.load("t-1", "https://results.example.org") == "secret-token"
    assert store.load("t-2", "https://results.example.org") is None
    assert not store.fallback.exists()
    store.delete("t-1", "https://results.example.org")
    assert store.load("t-1", "https://results.example.org") is None


def test_without_a_keyring_the_token_is_in_a_file_only_its_user_can_read(tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "config", use_keyring=False)
    store.save("t-1", "https://a.example.org", "token-a")
    store.save("t-2", "https://b.example.org", "token-b")
    assert "no system keyring" in store.where
    assert stat.S_IMODE(store.fallback.stat().st_mode) == 0o600
    assert TokenStore(tmp_path / "config", use_keyring=False).load("t-1", "https://a.example.org") == "token-a"
    store.delete("t-1", "https://a.example.org")
    assert store.load("t-1", "https://a.example.org") is None
    assert store.load("t-2", "https://b.example.org") == "token-b"


def test_sync_remember_keeps_the_token_for_the_next_push(
        tournament: Path, site: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home-config"))
    monkeypatch.setattr(keyring, "get_keyring", lambda: fail.Keyring())
    args = ["sync", str(tournament), "--url", site.url]
    assert cli.main([*args, f"--token={site.token}", "--remember"]) == 0
    assert "no system keyring" in capsys.readouterr().out
    assert TokenStore().load(tournament_id(tournament), site.url) == site.token
    assert site.token.encode() not in tournament.read_bytes()
    assert cli.main(args) == 0, "the saved token is used"


def test_sync_without_a_token_says_how_to_give_one(
        tournament: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "empty-config"))
    monkeypatch.delenv("TOURNEYDESK_SYNC_TOKEN", raising=False)
    monkeypatch.setattr(keyring, "get_keyring", lambda: fail.Keyring())
    assert cli.main(["sync", str(tournament), "--url", "http://127.0.0.1:9"]) == 2
    assert "no token: pass --token" in capsys.readouterr().err
    assert cli.main(["sync", str(tournament), "--token", "x"]) == 2
    assert "no website: pass --url" in capsys.readouterr().err
