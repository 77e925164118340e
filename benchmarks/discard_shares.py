"""How often the strong player discards when it could beat: the table ``inference.py`` uses.

    python benchmarks/discard_shares.py [--seconds 900] [--seed 11] [--jobs 1] [--data FILE]

Records strong-vs-strong play with ``agreement.py`` (``agreement.recorded``; ``--data``: a
pickle of observations and actions, written on the first run and read back after), and for every
answer whose hand held a beat prints the share of discards by situation: the partner or
an opponent on top, a beat without a trump or only with one, the face-up points of the
trick so far (``inference.points_band``), stock empty or not, one card or more on top. The
last lines are the smoothed table to paste into ``inference.DISCARD_SHARE``: each share
pulled toward the band below it (the first band toward all bands) by 10 decisions' worth,
and kept at 0.03 or more, so that no world is ever ruled out.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from agreement import Decision, recorded  # benchmarks/
from inference import beat_kinds, points_band  # benchmarks/

from kozel_discord.ai.intcards import PTS
from kozel_discord.engine import ActionKind, Observation, team_of

Key = tuple[bool, bool, int, bool, bool]  # partner on top, plain beat, band, empty, multi

PRIOR = 10  # decisions' worth of the band below in each smoothed share
FLOOR = 0.03


def situation(obs: Observation) -> Key | None:
    """The situation of an answer whose hand held a beat (None otherwise)."""
    if obs.lead_seat is None or obs.seat is None:
        return None
    top = tuple(c.index for c in obs.top)
    can, plain = beat_kinds([c.index for c in obs.hand], top, int(obs.trump))
    if not can:
        return None
    pts = sum(PTS[c.index] for p in obs.trick if p.face_up for c in p.cards)
    return (
        team_of(obs.top_seat) == team_of(obs.seat),
        plain,
        points_band(pts),
        obs.stock_size == 0,
        len(top) > 1,
    )


def shares(data: Sequence[Decision]) -> tuple[Counter[Key], Counter[Key], dict[Key, float]]:
    """(answers, discards, smoothed share) by situation."""
    n: Counter[Key] = Counter()
    d: Counter[Key] = Counter()
    for obs, action in data:
        key = situation(obs)
        if key is not None:
            n[key] += 1
            d[key] += action.kind is ActionKind.DISCARD
    table: dict[Key, float] = {}
    raw: dict[Key, float] = {}
    for same in (False, True):
        for plain in (True, False):
            for empty in (False, True):
                for multi in (False, True):
                    cn = sum(n[(same, plain, b, empty, multi)] for b in range(4))
                    cd = sum(d[(same, plain, b, empty, multi)] for b in range(4))
                    prior = (cd + 0.5) / (cn + 1)
                    for band in range(4):
                        key = (same, plain, band, empty, multi)
                        p = (d[key] + PRIOR * prior) / (n[key] + PRIOR)
                        raw[key] = prior = p
                        table[key] = round(max(FLOOR, min(1.0, p)), 3)
    return n, d, table


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=float, default=900, help="recording time")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument(
        "--data", type=Path, default=Path(tempfile.gettempdir()) / "kozel-discards.pickle"
    )
    args = ap.parse_args(argv)
    data = recorded(args.data, args.seed, args.seconds, args.jobs)
    n, d, table = shares(data)
    print(f"{len(data)} decisions; answers holding a beat: {sum(n.values())}")
    print("partner on top, plain beat, band, stock empty, multi: answers, discarded")
    for key in sorted(n):
        print(f"  {key}: {n[key]:5d}  {d[key] / n[key]:.3f}")
    print("DISCARD_SHARE = {")
    for key, share in table.items():
        print(f"    {key}: {share},")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
