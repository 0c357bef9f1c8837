"""The page cache: a page that is costly to render is rendered again at most a tenth of the time."""

from __future__ import annotations

from tourneysite.page_cache import PageCache


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_a_page_that_takes_a_second_to_render_is_rendered_again_at_most_every_ten_seconds() -> None:
    clock = Clock()
    cache = PageCache(min_age_s=1.0, clock=clock)
    renders: list[float] = []

    def slow() -> tuple[int, str]:
        renders.append(clock.t)
        clock.t += 1.0  # a 10,000-player live page
        return 200, f"<p>rendered at {clock.t}</p>"

    def fast() -> tuple[int, str]:
        renders.append(clock.t)
        return 200, f"<p>rendered at {clock.t}</p>"

    first = cache.get("live", ("owner", 1), slow)
    clock.t += 5.0
    assert cache.get("live", ("owner", 2), slow) is first  # the clock moved on: 6 s < 10 x its cost
    clock.t += 4.5
    assert cache.get("live", ("owner", 3), slow) is not first  # 10.5 s after it was begun
    assert len(renders) == 2
    cache.get("live", ("hidden", 3), slow)  # what must match never lags, however costly the page
    assert len(renders) == 3
    small = cache.get("index", ("owner", 1), fast)
    clock.t += 1.5
    assert cache.get("index", ("owner", 2), fast) is not small  # a cheap page lags a second at most
