"""The pusher: sends the outbox to the website in batches until the site has acknowledged it all.

It knows nothing of Qt (docs/architecture.md: the layers): the UI runs `run()` on a worker thread and tells it
when there are new events (`wake`), when the network is back (`online_now`) and when the TD changes
the settings (`configure`); the pusher reports its `SyncStatus` through the `on_status` callback,
from its own thread. `step()` is one attempt and never sleeps, so the command line and the tests can
drive it directly; the clock, the wait and the jitter's random source are all injectable.

What the site's answers mean (the contract of `POST /api/v1/tournaments/{id}/events`):
200 acknowledged up to `acked_seq`; 409 `gap` resend from `expected_seq`; 409 `conflict`, 401/403
and any other 4xx are refused: shown to the TD and not retried until the settings change or the TD
asks; 5xx, 429 and network failures are retried with backoff, honouring Retry-After.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .backoff import Backoff, parse_retry_after
from .outbox import BATCH_MAX, LogUnreadable, Outbox

if TYPE_CHECKING:  # imported when the first request goes: a console whose tournament has no website never loads it
    import httpx

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT_S = 15.0  # also the command line's default (sync/command.py)
# After this many answers in a row that acknowledge nothing new, the pusher stops instead of looping.
NO_PROGRESS_LIMIT = 3

State = Literal["synced", "waiting", "offline", "retrying", "stopped"]
Wait = Callable[[threading.Event, float | None], bool]

_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode


@dataclass(frozen=True)
class SyncStatus:
    """What the TD console shows: synced, N events waiting, offline since when, or the error.

    `state`: `synced` (the site has everything), `waiting` (events to send, sending now),
    `offline` (the site cannot be reached, since `offline_since`), `retrying` (the site answered
    with an error it may get over: `error`, next try at `retry_at`), `stopped` (the site refused:
    `error` says why; nothing is retried until the settings change or the TD asks).
    """

    state: State
    waiting: int = 0
    acked_seq: int = 0
    last_seq: int = 0
    error: str | None = None
    offline_since: float | None = None
    retry_at: float | None = None
    history_from: int | None = None  # the site holds another history from this event on


class SyncRefused(Exception):
    """The site (or the settings) refused the push: retrying as is would only fail again."""


class HistoryDiffers(SyncRefused):
    """The site's history of this tournament and this file's part at event `seq`."""

    def __init__(self, seq: int) -> None:
        super().__init__(
            f"The website holds another history of this tournament from event #{seq}: this file was restored "
            "from a backup, or copied. Sync stopped; to publish this file's history as the true one, replace "
            "the website's history (tourneydesk sync --replace-history)"
        )
        self.seq = seq


class _History(Exception):
    """The site answered a batch with 409 history: its chain and this file's part somewhere before."""


class _ReplaceFrom(Exception):
    """The TD replaces the site's history: the push restarts from this event."""

    def __init__(self, seq: int) -> None:
        super().__init__(seq)
        self.seq = seq


class _Retry(Exception):
    """A failure that may pass: the site is down, overloaded or unreachable."""

    def __init__(self, message: str, *, offline: bool = False, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.offline = offline
        self.retry_after = retry_after


def events_url(url: str, tournament_id: str) -> str:
    return f"{url.rstrip('/')}/api/v1/tournaments/{tournament_id}/events"


def acked_url(url: str, tournament_id: str) -> str:
    return f"{url.rstrip('/')}/api/v1/tournaments/{tournament_id}/acked"


def hash_url(url: str, tournament_id: str, seq: int) -> str:
    return f"{url.rstrip('/')}/api/v1/tournaments/{tournament_id}/hashes/{seq}"


# While synced, the pusher tells the site it is there this often (an empty batch), so that the site
# can say how old its news is and stop its clock when the venue has gone quiet.
HEARTBEAT_S = 60.0


class Pusher:
    """Pushes one tournament file to one website. Build it anywhere; use it from ONE thread.

    The SQLite connection and the HTTP client are opened by the thread that first calls `step` or
    `run`; `wake`, `online_now`, `configure`, `retry` and `stop` may be called from any thread.
    """

    def __init__(
        self,
        path: str | Path,
        url: str | None,
        token: str | None,
        *,
        now: Callable[[], float] = time.time,
        wait: Wait | None = None,
        backoff: Backoff | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        transport: httpx.BaseTransport | None = None,
        on_status: Callable[[SyncStatus], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self._url = (url or "").strip().rstrip("/")
        self._token = (token or "").strip()
        self._now = now
        self._wait: Wait = wait if wait is not None else (lambda event, seconds: event.wait(seconds))
        self._backoff = backoff if backoff is not None else Backoff()
        self._timeout = timeout
        self._transport = transport
        self._on_status = on_status
        self._lock = threading.Lock()
        self._kick = threading.Event()
        self._urgent = False
        self._stopping = False
        self._settings_changed = False
        self._outbox: Outbox | None = None
        self._client: httpx.Client | None = None
        self._executor: ThreadPoolExecutor | None = None
        self._attempt = 0
        self._refused: str | None = None
        self._offline_since: float | None = None  # kept through retries, cleared by the site's first answer
        self._verified = False  # asked the site what it holds since the start or the last settings change
        self._replace_by: str | None = None  # the TD publishes this file's history as the true one
        self._history_from: int | None = None
        self._last_contact: float | None = None  # when the site last took a batch or a heartbeat
        self._status = SyncStatus("waiting")

    # -- called from any thread ----------------------------------------------------------------
    @property
    def status(self) -> SyncStatus:
        return self._status

    def wake(self) -> None:
        """New events in the log: send them now, unless a backoff or a refusal is holding the push."""
        self._kick.set()

    def online_now(self) -> None:
        """The network is back: try at once, whatever the backoff said (a refusal still holds)."""
        with self._lock:
            self._urgent = True
        self._kick.set()

    def configure(self, url: str | None, token: str | None) -> None:
        """New settings from the TD: forget any refusal and try at once."""
        with self._lock:
            self._url = (url or "").strip().rstrip("/")
            self._token = (token or "").strip()
            self._settings_changed = True
            self._urgent = True
        self._kick.set()

    def retry(self) -> None:
        """The TD asks to try again after a refusal (the site was fixed)."""
        with self._lock:
            self._settings_changed = True
            self._urgent = True
        self._kick.set()

    def replace_history(self, by: str) -> None:
        """The TD's explicit way out of "another history": the site keeps the one it holds aside, and
        takes this file's from the first event where the two part. `by` names who decided it."""
        with self._lock:
            self._replace_by = by.strip() or "the tournament director"
            self._settings_changed = True
            self._urgent = True
        self._kick.set()

    def stop(self) -> None:
        with self._lock:
            self._stopping = True
        self._kick.set()

    def rearm(self) -> None:
        """Let `run` work again after a `stop` (call it before starting the new worker thread)."""
        with self._lock:
            self._stopping = False

    # -- the worker ----------------------------------------------------------------------------
    def run(self) -> None:
        """Push whenever there is something to push, until `stop()`. Meant for a worker thread."""
        try:
            while True:
                with self._lock:
                    if self._stopping:
                        return
                    urgent, self._urgent = self._urgent, False
                    self._kick.clear()
                try:
                    if urgent or self._due():
                        self.step(urgent=urgent)
                    else:  # woken while a backoff or a refusal holds: only the count of waiting events moves
                        self._refresh()
                except Exception as exc:  # a bug must not end the sync silently: say it, try again later
                    log.exception("The website sync failed")
                    self._schedule_retry(_Retry(f"The sync failed: {type(exc).__name__}: {exc}"))
                self._wait(self._kick, self._seconds_until_due())
        finally:
            self.close()

    def _due(self) -> bool:
        status = self._status
        if status.state == "stopped":
            return False
        if status.state == "synced":
            return True  # woken by new events, or the heartbeat is due
        return status.retry_at is None or self._now() >= status.retry_at

    def _seconds_until_due(self) -> float | None:
        """None: nothing to do until woken (stopped by a refusal). Synced: until the next heartbeat."""
        status = self._status
        if status.state == "synced":
            return max(0.0, (self._last_contact or 0.0) + HEARTBEAT_S - self._now())
        if status.state == "stopped" or status.retry_at is None:
            return None
        return max(0.0, status.retry_at - self._now())

    def step(self, *, urgent: bool = False) -> SyncStatus:
        """One attempt: send batches until the site has everything or something fails. Never sleeps."""
        with self._lock:
            url, token = self._url, self._token
            if self._settings_changed:
                self._settings_changed = False
                self._refused = None
                self._history_from = None
                self._attempt = 0
                self._verified = False
                self._close_client()
        if urgent:
            self._attempt = 0
        if self._refused is not None:
            return self._refresh()
        try:
            outbox = self._open_outbox(url)
            if not url or not token:
                raise SyncRefused("No website set: enter the results website's address and token in the sync settings")
            self._push_all(outbox, url, token)
        except SyncRefused as refusal:
            self._verified = False
            self._refused = str(refusal)
            self._history_from = refusal.seq if isinstance(refusal, HistoryDiffers) else None
            self._record_error(str(refusal))
            return self._publish(self._counts(), state="stopped", error=str(refusal))
        except _Retry as failure:
            return self._schedule_retry(failure)
        except (LogUnreadable, OSError) as exc:  # the file is busy or the disk failed: it may pass
            return self._schedule_retry(_Retry(f"Cannot read {self.path.name} to sync it: {exc}"))
        self._attempt = 0
        return self._publish(self._counts(), state="synced")

    def _push_all(self, outbox: Outbox, url: str, token: str) -> None:
        endpoint = events_url(url, outbox.tournament_id)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        if not self._verified:
            # Ask the site first (at start and with new settings): a site restored from an old backup
            # is behind our record, a file restored or copied holds another history than the site's,
            # and a wrong token shows even with nothing to send. Later, a site that went back answers
            # the next batch with a gap, and another history with a 409.
            response = self._request(url, "GET", acked_url(url, outbox.tournament_id), headers)
            site_acked = self._acked_from(response, None)
            self._offline_since = None
            site_hash = _json(response).get("hash")
            acked = self._common_history(outbox, url, headers, site_acked,
                                         site_hash if isinstance(site_hash, str) else None)
            if acked != outbox.acked():
                outbox.set_acked(acked, self._now())
            self._verified = True
        stalled = 0
        acked = outbox.acked()
        events = outbox.batch(acked, BATCH_MAX)
        if not events and self._heartbeat_due():
            self._send(url, endpoint, headers, self._body(outbox, acked, [], None))
            return
        replacing = self._replace_by
        while events:
            self._publish((acked, outbox.last_seq()), state="waiting", error=None)
            body = self._body(outbox, acked, events, replacing)
            sending = self._sender().submit(self._send, url, endpoint, headers, body)
            # While the site stores this batch, read and encode the next one, as if it will be acked whole.
            sent_upto = events[-1]["seq"]
            upcoming = outbox.batch(sent_upto, BATCH_MAX)
            try:
                response = sending.result()
            except _History:
                problem = self._difference(outbox, url, headers, acked)
                if not isinstance(problem, _ReplaceFrom):
                    self._verified = False
                    raise problem from None
                acked = problem.seq - 1  # the TD replaces the site's history: from where the two part
                outbox.set_acked(acked, self._now())
                events = outbox.batch(acked, BATCH_MAX)
                continue
            new_acked = self._acked_from(response, max(sent_upto, outbox.last_seq()))
            if replacing is not None:
                with self._lock:
                    self._replace_by = replacing = None  # done: from now on the site holds this history
            stalled = stalled + 1 if new_acked == acked else 0
            if stalled >= NO_PROGRESS_LIMIT:
                raise SyncRefused(f"The website keeps asking for event #{acked + 1} and acknowledges nothing new")
            self._offline_since = None
            outbox.set_acked(new_acked, self._now())
            acked = new_acked
            events = upcoming if new_acked == sent_upto else outbox.batch(acked, BATCH_MAX)

    def _body(self, outbox: Outbox, after: int, events: list[dict[str, Any]], replace_by: str | None) -> bytes:
        # `sent_at` is this laptop's clock: the site compares it with its own to correct the clock it shows.
        body: dict[str, Any] = {"after": after, "prev": outbox.hash_at(after), "sent_at": self._now(),
                                "events": events}
        if replace_by is not None:
            body["replace"] = {"by": replace_by}
        return _encode(body).encode("utf-8")

    def _send(self, url: str, endpoint: str, headers: dict[str, str], body: bytes) -> httpx.Response:
        response = self._request(url, "POST", endpoint, headers, body)
        if response.status_code == 409 and _json(response).get("error") == "history":
            raise _History()
        if response.status_code == 200:
            self._last_contact = self._now()
        return response

    def _heartbeat_due(self) -> bool:
        return self._last_contact is None or self._now() - self._last_contact >= HEARTBEAT_S

    def _common_history(self, outbox: Outbox, url: str, headers: dict[str, str], site_acked: int,
                        site_hash: str | None) -> int:
        """Where the push resumes: the site's acknowledged seq, once its history is shown to be this file's.

        A history the TD chose to replace resumes from the first event where the two part.
        """
        last = outbox.last_seq()
        if site_acked > last:
            first = self._first_difference(outbox, url, headers, last) if last else None
            if first is None:
                raise SyncRefused(
                    f"The website holds events up to #{site_acked} but this file ends at #{last}: "
                    "is this an older copy of the tournament file?"
                )
            if self._replace_by is None:
                raise HistoryDiffers(first)
            return first - 1
        if site_acked and site_hash is not None and site_hash != outbox.hash_at(site_acked):
            problem = self._difference(outbox, url, headers, site_acked)
            if isinstance(problem, _ReplaceFrom):
                return problem.seq - 1
            raise problem
        return site_acked

    def _difference(self, outbox: Outbox, url: str, headers: dict[str, str], upto: int) -> Exception:
        """HistoryDiffers from the first event where the site's and this file's histories part."""
        first = self._first_difference(outbox, url, headers, min(upto, outbox.last_seq())) or upto + 1
        if self._replace_by is not None:
            return _ReplaceFrom(first)
        return HistoryDiffers(first)

    def _first_difference(self, outbox: Outbox, url: str, headers: dict[str, str], upto: int) -> int | None:
        """The first seq up to `upto` whose hash the site holds differently, or None. A chain parts once
        and for all: past the first difference every hash differs, so a binary search finds it."""
        def same(seq: int) -> bool:
            response = self._request(url, "GET", hash_url(url, outbox.tournament_id, seq), headers)
            data = _json(response)
            if response.status_code != 200:
                self._acked_from(response, None)  # raises what the answer calls for
                raise SyncRefused(f"The website did not say what it holds at event #{seq}")
            held = data.get("hash")
            return held is None or held == outbox.hash_at(seq)  # None: kept before the site held hashes

        if upto < 1 or same(upto):
            return None
        low, high = 1, upto
        while low < high:
            middle = (low + high) // 2
            if same(middle):
                low = middle + 1
            else:
                high = middle
        return low

    def _request(self, url: str, method: str, target: str, headers: dict[str, str],
                 body: bytes | None = None) -> httpx.Response:
        import httpx

        try:
            return self._http().request(method, target, content=body, headers=headers)
        except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:
            raise SyncRefused(f"The website address {url!r} is not valid: use http://... or https://...") from exc
        except httpx.TransportError as exc:
            raise _Retry(_network_text(exc, url), offline=True) from exc

    def _sender(self) -> ThreadPoolExecutor:
        """One thread that waits for the site's answers, so the next batch is read meanwhile."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tourneydesk-sync-http")
        return self._executor

    def _acked_from(self, response: httpx.Response, last: int | None) -> int:
        """The seq the site now holds everything up to, or the exception its answer calls for."""
        code = response.status_code
        data = _json(response)
        if code == 200 and isinstance(data.get("acked_seq"), int):
            acked = int(data["acked_seq"])
        elif code == 409 and data.get("error") == "gap" and isinstance(data.get("expected_seq"), int):
            acked = int(data["expected_seq"]) - 1
        elif code == 409 and data.get("error") == "conflict":
            raise SyncRefused(
                f"The website already holds a different event #{data.get('seq')} for this tournament "
                "(conflict): is this file a copy of another tournament? Sync stopped"
            )
        elif code in (401, 403):
            detail = data.get("detail") or data.get("error") or response.reason_phrase
            raise SyncRefused(f"The website refused the token ({code}: {detail}): check the sync settings")
        elif code == 429 or code >= 500:
            retry_after = parse_retry_after(response.headers.get("Retry-After"), self._now())
            raise _Retry(f"The website answered {code} {response.reason_phrase}", retry_after=retry_after)
        elif code == 200:
            raise _Retry("The website's answer could not be read (no acked_seq)")
        else:
            detail = data.get("detail") or data.get("error") or response.reason_phrase
            raise SyncRefused(f"The website refused the events ({code}: {detail})")
        if last is not None and acked > last:
            raise SyncRefused(
                f"The website holds events up to #{acked} but this file ends at #{last}: "
                "is this an older copy of the tournament file?"
            )
        return max(acked, 0)

    def _schedule_retry(self, failure: _Retry) -> SyncStatus:
        delay = self._backoff.delay(self._attempt, failure.retry_after)
        self._attempt += 1
        now = self._now()
        if failure.offline and self._offline_since is None:
            self._offline_since = now
        elif not failure.offline:
            self._offline_since = None  # the site answered: the network is there
        self._record_error(str(failure))
        return self._publish(
            self._counts(),
            state="offline" if failure.offline else "retrying",
            error=str(failure),
            offline_since=self._offline_since,
            retry_at=now + delay,
        )

    def _refresh(self) -> SyncStatus:
        """Re-read the counts (new events while waiting) and publish them with the same state."""
        try:
            counts = self._counts()
        except LogUnreadable:  # the file is unreadable just now: keep what we last knew
            return self._status
        status = self._status
        if status.state == "synced" and counts[0] < counts[1]:
            return self._publish(counts, state="waiting")
        return self._publish(counts, state=status.state, error=status.error,
                             offline_since=status.offline_since, retry_at=status.retry_at)

    # -- helpers -------------------------------------------------------------------------------
    def _open_outbox(self, url: str) -> Outbox:
        if self._outbox is not None and self._outbox.target == url:
            return self._outbox
        if self._outbox is not None:
            self._outbox.close()
            self._outbox = None
        try:
            self._outbox = Outbox(self.path, url)
        except Exception as exc:
            raise SyncRefused(f"Cannot read {self.path.name} to sync it: {exc}") from exc
        return self._outbox

    def _counts(self) -> tuple[int, int]:
        if self._outbox is None:
            return self._status.acked_seq, self._status.last_seq
        try:
            return self._outbox.acked(), self._outbox.last_seq()
        except LogUnreadable:
            return self._status.acked_seq, self._status.last_seq

    def _record_error(self, message: str) -> None:
        """Kept in the file's sync_state too, so the next start shows why the last push failed."""
        if self._outbox is not None:
            with contextlib.suppress(LogUnreadable):  # the error to show may be that the file is unwritable
                self._outbox.set_error(message)

    def _publish(
        self,
        counts: tuple[int, int],
        *,
        state: State,
        error: str | None = None,
        offline_since: float | None = None,
        retry_at: float | None = None,
    ) -> SyncStatus:
        acked, last = counts
        waiting = max(0, last - acked)
        if state == "synced" and waiting:
            state = "waiting"
        history_from = self._history_from if state == "stopped" else None
        status = SyncStatus(state, waiting, acked, last, error, offline_since, retry_at, history_from)
        if status != self._status:
            self._status = status
            if self._on_status is not None:
                self._on_status(status)
        return status

    def _http(self) -> httpx.Client:
        if self._client is None:
            import httpx

            self._client = httpx.Client(timeout=self._timeout, transport=self._transport)
        return self._client

    def _close_client(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def close(self) -> None:
        """Close the HTTP client and the SQLite connection (from the thread that used them)."""
        self._close_client()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None
        if self._outbox is not None:
            self._outbox.close()
            self._outbox = None


def _json(response: httpx.Response) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _network_text(exc: httpx.TransportError, url: str) -> str:
    import httpx

    if isinstance(exc, httpx.TimeoutException):
        return f"{url} did not answer in time"
    if isinstance(exc, httpx.ConnectError):
        return f"Cannot reach {url}"
    return f"The connection to {url} failed ({type(exc).__name__})"
