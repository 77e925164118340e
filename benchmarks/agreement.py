"""How often the heuristic chooses what the strong player chooses, and where they differ.

    python -m benchmarks.agreement [--seconds 600] [--jobs 2] [--seed 1] [--data FILE]

The strong player (``hard``) is a one-step improvement of the heuristic: its search rolls
every candidate out with the heuristic for all four seats. A better rollout policy is the
lever named for an expert level (issue #14 part 6), and the strong player's own choices
show where the heuristic is furthest from good play. This script plays strong-vs-strong
series for ``--seconds`` per job (the bot's default budget, no time cap, so the decisions
do not depend on the machine's load), records every decision that had more than one
legal action (the seat's observation and the strong player's action), and prints:

- the share of those decisions where ``heuristic_action`` picks the same action, overall
  and by situation (a lead; a follow with the partner or an opponent on top, the number
  of seats still to play after this one, the number of cards per play);
- the most common disagreements (the heuristic's kind of play → the strong player's);
- the shapes of the strong player's leads beside the heuristic's: how many cards, whether
  they are all the cards the hand holds of that suit, trump or plain;
- how often the heuristic's answers and the ``keep`` candidate's (``candidates.py``) pick
  the strong player's, and the second player's answers that candidate changes.

The decisions are written to ``--data`` (a pickle of observations and actions; default in
the temporary directory) and read back from it when the file exists, so a second look
(after changing the heuristic) costs seconds instead of minutes. The strong player's own
choices are noisy (120 sampled worlds), so agreement is a guide, not a score: a change is
judged by a duplicate match (``benchmarks/ai_tournament.py``).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from candidates import CHEAP_LEAD, follow_keep  # benchmarks/

from kozel_discord.ai import StrongPlayer
from kozel_discord.ai.heuristic import answer, heuristic_action
from kozel_discord.ai.intcards import PTS, SUIT
from kozel_discord.ai.knowledge import read
from kozel_discord.engine import Action, ActionKind, Observation, Series, team_of
from kozel_discord.simulate import next_move

Decision = tuple[Observation, Action]


class Recording:
    """A strong player that keeps its decisions with more than one legal action."""

    def __init__(self, seed: int, out: list[Decision]) -> None:
        self.player = StrongPlayer(seed, time_budget=None)
        self.out = out

    def __call__(self, obs: Observation, rng: random.Random) -> Action:
        action = self.player.choose(obs, rng)
        if len(obs.legal_actions) > 1:
            self.out.append((obs, action))
        return action

    def wants_molodka(self, obs: Observation, rng: random.Random) -> Action | None:
        return self.player.wants_molodka(obs, rng)


def record(seed: int, seconds: float) -> list[Decision]:
    """Strong-vs-strong series from ``seed`` on, until ``seconds`` have passed."""
    out: list[Decision] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        players = [Recording(seed * 8 + seat, out) for seat in range(4)]
        rng = random.Random(seed)
        series = Series(seed)
        while not series.over:
            seat, action = next_move(series, players, rng)
            series.apply(seat, action)
        seed += 1_000
    return out


def situation(obs: Observation) -> str:
    if obs.lead_seat is None:
        return "lead"
    assert obs.seat is not None and obs.top_seat is not None
    on_top = "partner" if team_of(obs.top_seat) == team_of(obs.seat) else "opponent"
    return f"follow, {on_top} on top, {3 - len(obs.trick)} after, {len(obs.top)} card(s)"


def lead_shape(obs: Observation, action: Action) -> str:
    kn = read(obs)
    cards = [c.index for c in action.cards]
    suit = SUIT[cards[0]]
    held = sum(1 for c in kn.hand if SUIT[c] == suit)
    whole = "whole suit" if len(cards) == held else "part of a suit"
    return f"{len(cards)} {'trump' if suit == kn.trump else 'plain'}, {whole}"


def second_player(data: Sequence[Decision]) -> list[str]:
    """The answers the ``keep`` candidate changes: the second player to a single card worth
    less than ``CHEAP_LEAD`` points; and how often each follow policy picks the strong
    player's answer."""
    trumped = trumped_kept = rich = slipped = answers = same = same_keep = 0
    for obs, action in data:
        if obs.lead_seat is None:
            continue
        mine = answer(obs)
        answers += 1
        same += mine == action
        same_keep += answer(obs, follow_keep) == action
        if len(obs.trick) != 1 or len(obs.top) != 1 or obs.stock_size == 0:
            continue
        if sum(PTS[c.index] for c in obs.top) >= CHEAP_LEAD:
            continue
        kn = read(obs)
        if mine.kind is ActionKind.BEAT and SUIT[mine.cards[0].index] == kn.trump:
            trumped += 1
            trumped_kept += action.kind is ActionKind.DISCARD
        if action.kind is ActionKind.DISCARD and any(
            PTS[c] >= 10 and SUIT[c] != kn.trump for c in kn.hand
        ):
            rich += 1
            slipped += PTS[action.cards[0].index] >= 10
    return [
        f"  answers: the heuristic's follow picks the strong player's in "
        f"{same / answers:.1%}, the keep candidate's in {same_keep / answers:.1%}"
        f" ({answers} answers)",
        f"  second player to a single card under {CHEAP_LEAD} points, stock not empty: the "
        f"heuristic trumps, the strong player discards in {trumped_kept} of {trumped}; the "
        f"strong player discards holding a plain Ace or 10 and gives one in {slipped} of {rich}",
    ]


def report(data: Sequence[Decision]) -> str:
    seen: Counter[str] = Counter()
    same: Counter[str] = Counter()
    differ: Counter[tuple[str, str, str]] = Counter()
    strong_leads: Counter[str] = Counter()
    heuristic_leads: Counter[str] = Counter()
    for obs, action in data:
        mine = heuristic_action(obs)
        where = situation(obs)
        seen[where] += 1
        same[where] += mine == action
        if mine != action:
            differ[(where.split(",")[0], mine.kind.name, action.kind.name)] += 1
        if where == "lead":
            strong_leads[lead_shape(obs, action)] += 1
            heuristic_leads[lead_shape(obs, mine)] += 1
    total = sum(seen.values())
    lines = [
        f"{total} decisions with a choice; the heuristic picks the strong player's action in "
        f"{sum(same.values()) / total:.1%}",
        "  situation                                          decisions  same",
    ]
    for where in sorted(seen):
        lines.append(f"  {where:50} {seen[where]:9d}  {same[where] / seen[where]:5.1%}")
    lines.append("  most common differences (heuristic → strong):")
    for (where, mine_kind, strong_kind), n in differ.most_common(8):
        lines.append(f"    {where:8} {mine_kind:8} → {strong_kind:8} {n:6d}")
    lines.append("  leads, strong / heuristic:")
    for shape, n in strong_leads.most_common(10):
        lines.append(f"    {shape:30} {n:6d} / {heuristic_leads[shape]:6d}")
    lines += second_player(data)
    return "\n".join(lines)


def recorded(path: Path, seed: int, seconds: float, jobs: int) -> list[Decision]:
    """The decisions in ``path`` (this script's own pickle), or else ``jobs`` recordings of
    ``seconds`` each (seeds ``seed``, ``seed + 1``, ...), written there first."""
    if path.exists():
        with path.open("rb") as f:
            data: list[Decision] = pickle.load(f)  # this script's own file
        print(f"read {len(data)} decisions from {path}")
        return data
    started = time.perf_counter()
    seeds = [seed + job for job in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        runs = pool.map(record, seeds, [seconds] * jobs)
        data = [d for run in runs for d in run]
    with path.open("wb") as f:
        pickle.dump(data, f)
    print(f"recorded {len(data)} decisions in {time.perf_counter() - started:.0f} s ({jobs} jobs)")
    return data


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=float, default=600, help="recording time per job")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--data", type=Path, default=Path(tempfile.gettempdir()) / "kozel-agreement.pickle"
    )
    args = ap.parse_args(argv)
    data = recorded(args.data, args.seed, args.seconds, args.jobs)
    print(report(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
