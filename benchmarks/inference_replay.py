"""The game's log replayed for ``inference.py``: what everybody knew before each entry
(:func:`moments`: hand sizes, stock, the open trick's top and points), each seat's draws
(:func:`seat_draws`), and what bounds a seat's hand just after an entry
(:func:`hand_bounds`), from which the clues' hands are rebuilt in a sampled world.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kozel_discord.ai.intcards import PTS
from kozel_discord.ai.knowledge import STOCK_AT_DEAL, Knowledge
from kozel_discord.engine import Event, EventKind, Observation

FACE_UP = (EventKind.LEAD, EventKind.BEAT, EventKind.MOLODKA)


@dataclass(frozen=True, slots=True)
class Moment:
    """A log entry with what everybody knew just before it."""

    t: int  # its index in the log
    event: Event
    size: int  # the hand size of its seat before it
    stock: int
    top: tuple[int, ...]  # the cards on top of the open trick
    top_seat: int
    pts: int  # the face-up points of the open trick


def moments(obs: Observation) -> Iterator[Moment]:
    """The game's log replayed for the public counts: hand sizes, stock, the trick's top."""
    sizes = [4, 4, 4, 4]
    trick: list[tuple[int, int]] = []  # (seat, cards) laid in the open trick
    top: tuple[int, ...] = ()
    top_seat = -1
    pts = 0
    stock = STOCK_AT_DEAL
    for t, e in enumerate(obs.log):
        yield Moment(t, e, sizes[e.seat], stock, top, top_seat, pts)
        k = e.kind
        if k in FACE_UP:
            top = tuple(c.index for c in e.cards)
            top_seat = e.seat
            pts += sum(PTS[c] for c in top)
            sizes[e.seat] -= len(top)
            trick.append((e.seat, len(top)))
        elif k is EventKind.DISCARD:
            sizes[e.seat] -= e.size
            trick.append((e.seat, e.size))
        elif k is EventKind.TAKE:
            top, top_seat, pts, trick = (), -1, 0, []
        elif k is EventKind.RETURN:
            for seat, n in trick:
                sizes[seat] += n
            top, top_seat, pts, trick = (), -1, 0, []
        elif k is EventKind.DRAW:
            stock -= e.size
            sizes[e.seat] += e.size


def seat_draws(obs: Observation) -> dict[int, list[int]]:
    """Each seat's draws (log indices)."""
    draws: dict[int, list[int]] = {s: [] for s in range(4)}
    for t, e in enumerate(obs.log):
        if e.kind is EventKind.DRAW:
            draws[e.seat].append(t)
    return draws


Bounds = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def hand_bounds(
    obs: Observation, kn: Knowledge, seat: int, since: int, draws: dict[int, list[int]]
) -> Bounds:
    """What bounds ``seat``'s hand just after log entry ``since``: the face-up cards it laid
    before its next draw and after it, and its face-down discards (indices into kn.slots)
    before and after that draw."""
    cut = next((t for t in draws[seat] if t > since), len(obs.log))
    laid = [
        (t, tuple(c.index for c in e.cards))
        for t, e in enumerate(obs.log)
        if t > since and e.seat == seat and e.kind in FACE_UP
    ]
    mine = [(j, sl.since) for j, sl in enumerate(kn.slots) if sl.seat == seat]
    return (
        tuple(c for t, cs in laid if t < cut for c in cs),
        tuple(c for t, cs in laid if t > cut for c in cs),
        tuple(j for j, t in mine if since <= t < cut),
        tuple(j for j, t in mine if t > cut),
    )
