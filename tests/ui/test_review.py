"""The review as a player sees it: their own moves, the costliest mistakes in words, within
Discord's embed limits; the Review button's custom id."""

from __future__ import annotations

import dataclasses
import re

import pytest

from kozel_discord.ai import get_player
from kozel_discord.ai.review import Decision, GameReview, ReviewBudget, review_game
from kozel_discord.engine import Action, Series, cards, observe
from kozel_discord.i18n import t
from kozel_discord.ui.emojis import CARD_EMOJIS
from kozel_discord.ui.hints import move_text
from kozel_discord.ui.review import (
    ReviewButton,
    _mistake,
    _reason_key,
    choice_text,
    review_embed,
    review_view,
)


def _review(seat: int = 0, seed: int = 1) -> GameReview:
    s = Series(seed)
    players = [get_player("random", seed=i) for i in range(4)]
    while not s.results:
        turn = s.turn
        assert turn is not None
        s.apply(turn, players[turn].choose(observe(s, turn)))
    return review_game(s.game_record(1), seat, ReviewBudget(worlds=20, time_cap=60), seed="u")


def test_the_review_lists_each_decision_and_explains_the_mistakes() -> None:
    for seed in range(6):
        r = _review(seed=seed)
        if r.mistakes:
            break
    for locale in ("en-US", "ru", "uk", "tr"):
        e = review_embed(r, locale)
        assert e.title == t("review.title", locale, n=1)
        lines = "\n".join(str(f.value) for f in e.fields).splitlines()
        assert len(lines) == len(r.decisions)
        assert sum(line.startswith("❌") for line in lines) == len(r.mistakes)
        assert all(len(str(f.value)) <= 1024 for f in e.fields) and len(e) <= 6000
        assert t("review.mistakes", locale) in (e.description or "")
        for d in r.mistakes:
            assert t(f"review.why.{_reason_key(d)}", locale) in (e.description or "")
        assert not re.search(r"[{}]", e.description or "")
    text = review_embed(r, "en-US").description or ""
    assert "cost about" in text and "better:" in text


def test_what_the_moves_cost_comes_first_and_the_method_last() -> None:
    # Six lines of method above the total kept a newcomer from what their moves cost: the
    # description opens with the seat, then the total; how the numbers were found is small
    # print under the moves, with the number of deals played out.
    r = next(r for r in (_review(seed=seed) for seed in range(6)) if r.mistakes)
    worlds = min(d.worlds for d in r.decisions)
    for locale in ("en-US", "ru", "uk", "tr"):
        e = review_embed(r, locale)
        paragraphs = (e.description or "").split("\n\n")
        total = sum(d.cost for d in r.decisions)
        assert paragraphs[1] == t("review.total", locale, points=total), locale
        method = t("review.method", locale, worlds=worlds)
        assert method not in (e.description or "")
        assert e.footer.text is not None and e.footer.text.endswith("\n" + method), locale
        assert str(worlds) in method


def test_the_review_button_survives_a_restart_and_needs_a_series() -> None:
    view = review_view("ab" * 16, 3, "ru")
    assert view is not None
    (button,) = view.children
    assert isinstance(button, ReviewButton)
    assert button.custom_id == f"kozel:review:{'ab' * 16}:3"
    assert button.item.label == "Разбор"  # type: ignore[attr-defined]
    pattern = ReviewButton.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    m = pattern.fullmatch(button.custom_id)
    assert m is not None and (m["key"], m["n"]) == ("ab" * 16, "3")
    assert review_view(None, 1, "en-US") is None


def test_the_stated_costs_add_up_from_the_lines() -> None:
    """The total and each mistake's cost are what a player reads off the lines (best value
    less the move's), not a sum of unrounded losses that the lines do not show."""
    for seed in range(6):
        r = _review(seed=seed)
        e = review_embed(r, "en-US")
        lines = "\n".join(str(f.value) for f in e.fields).splitlines()
        costs = {}
        for line in lines:
            m = re.search(r"Trick (\d+): .*\u00a0— (\d+) \(best\u00a0(\d+):", line)
            if m:
                costs[int(m[1])] = int(m[3]) - int(m[2])
            else:
                assert line.endswith(("(the\u00a0best)", "(none\u00a0clearly\u00a0better)")), line
        text = e.description or ""
        total = re.search(r"cost about (\d+)\u00a0card\u00a0points? in all", text)
        assert (int(total[1]) if total else 0) == sum(costs.values())
        for trick, cost in re.findall(
            r"\*\*Trick (\d+):\*\* .*? cost about (\d+)\u00a0points?", text
        ):
            assert costs[int(trick)] == int(cost)


def test_a_one_card_mistake_speaks_of_one_card() -> None:
    """ "the same cards would have beaten the cards on top" under a single K♠ read wrong."""

    def mistake(*codes: str, reason: str = "same_cards", locale: str = "en-US") -> str:
        cards = [Action.decode(f"lead:{c}").cards[0] for c in codes]
        played, best = Action.discard(*cards), Action.beat(*cards)
        if reason == "keep_cards":  # beat with the cards, where keeping them was better
            played, best = best, played
        d = Decision(3, 2, played, ((best, 60.0), (played, 50.0)), 100, True, reason)
        return _mistake(d, locale).replace("\u00a0", " ")

    assert t("review.why.same_card", "en-US") in mistake("Ks")
    assert t("review.why.same_cards", "en-US") in mistake("Ks", "Kh")
    # the cards to keep by name: "keeping that card" after "better: discarding Q♤" read as
    # keeping the Q♤ (and "сберечь эти карты" after a single 10♥ was ungrammatical)
    one, two = (
        CARD_EMOJIS.inline(cards(c), "ru").replace("\u00a0", " ") for c in ("10h", "10h Ah")
    )
    assert f"приберечь {one} на" in mistake("10h", reason="keep_cards", locale="ru")
    assert f"keeping {two} for" in mistake("10h", "Ah", reason="keep_cards")
    assert "kartını" in mistake("10h", reason="keep_cards", locale="tr")
    assert "kartlarını" in mistake("10h", "Ah", reason="keep_cards", locale="tr")
    # "чем сберечь карты" after one discarded card, likewise
    assert "сберечь карту" in mistake("10h", reason="could_beat", locale="ru")
    assert "keeping your cards" in mistake("10h", "Ah", reason="could_beat")


def test_a_beat_is_named_by_the_cards_it_beats_with() -> None:
    """ "Взятка 1: побить 10♥" read as beating the 10♥, not beating with it."""
    one, two = Action.beat(*cards("10h")), Action.beat(*cards("9d Qd"))
    for text in (_plain(choice_text(one, "ru")), _plain(move_text(one, "ru"))):
        assert text.startswith("побить картой "), text
    for text in (_plain(choice_text(two, "ru")), _plain(move_text(two, "ru"))):
        assert text.startswith("побить картами "), text
    assert _plain(choice_text(one, "uk")).startswith("побити картою ")
    assert _plain(move_text(two, "uk")).startswith("побити картами ")
    assert _plain(choice_text(one, "en-US")).startswith("beating with ")


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ")


def test_the_legend_explains_only_the_marks_shown() -> None:
    # "⚠️ cost 4 or more" under a list without a ⚠️ move puzzled a reader.
    seen = 0
    for review in (_review(seed=seed) for seed in range(3)):
        e = review_embed(review, "en-US")
        if not review.decisions:
            continue
        footer = (e.footer.text or "") if e.footer else ""
        listed = "\n".join(f.value or "" for f in e.fields)
        for mark in ("✅", "👍", "⚠️", "❌"):
            assert (mark in footer) == (mark in listed), (mark, footer)
        seen += 1
    assert seen


def test_a_move_is_marked_by_the_cost_its_line_shows() -> None:
    # "70 (better: 74)" was marked 👍 "close to it" beside the legend's "⚠️ cost 4 or more":
    # the mark read the unrounded loss (3.4), the line the rounded values.
    s = Series(1)
    seat = s.turn
    assert seat is not None
    a, b = s.legal_actions(seat)[:2]
    near_miss = Decision(0, 1, b, ((a, 74.6), (b, 71.2)), 20)
    assert near_miss.loss < 4 and near_miss.cost == 4
    close = Decision(1, 2, b, ((a, 74.4), (b, 71.2)), 20)  # 74 less 71: 3
    review = GameReview(1, seat, 2, (near_miss, close), False)
    lines = "\n".join(f.value or "" for f in review_embed(review, "en-US").fields).splitlines()
    assert lines[0].startswith("⚠️") and "71 (best\u00a075:" in lines[0], lines[0]
    assert lines[1].startswith("👍") and "71 (best\u00a074:" in lines[1], lines[1]


@pytest.mark.parametrize("locale", ["en-US", "ru", "uk", "tr"])
def test_the_review_says_how_many_moves_the_computer_played_for_the_player(locale: str) -> None:
    s = Series(1)
    seat = s.turn
    assert seat is not None
    a, b = s.legal_actions(seat)[:2]
    review = GameReview(1, seat, 1, (Decision(0, 1, b, ((a, 70.0), (b, 60.0)), 20),), False, auto=3)
    assert t("review.auto", locale, n=3) in (review_embed(review, locale).description or "")
    plain = dataclasses.replace(review, auto=0)
    assert t("review.auto", locale, n=3) not in (review_embed(plain, locale).description or "")
