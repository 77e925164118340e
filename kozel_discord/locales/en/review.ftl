# The coach after a game: one player's own decisions beside the strong computer's
# evaluation (ui/review.py). English plural forms: one, other.

button-review = Review
review-title = Review of your moves — game { $n }
review-intro = { $seat } · { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $choices } with a choice.
review-auto = { $n ->
        [one] { $n } move
       *[other] { $n } moves
    } the computer played for you (your time ran out, or you were away): not reviewed here.
review-method = Each number is how many card points (out of 120) your team could expect at the end of the game after that move: the hard computer played it out on { $worlds ->
        [one] { $worlds } possible deal
       *[other] { $worlds } possible deals
    } that match what you could see then (it did not peek at the hidden cards).
review-total = Against the best options your moves cost about { $points ->
        [one] { $points } card point
       *[other] { $points } card points
    } in all.
review-no_choice = You had no choice to make in this game: every move was the only one.
review-mistakes = Costliest mistakes
review-no_mistakes = No move cost { $points ->
        [one] { $points } point
       *[other] { $points } points
    } or more against the best one. Well played!
review-mistake = **Trick { $trick }:** { $played } cost about { $points ->
        [one] { $points } point
       *[other] { $points } points
    } on average; better: { $best } — { $why }.
review-moves = Your moves
review-line_best = { $mark } Trick { $trick }: { $played } — { $value } (the best)
review-line_even = { $mark } Trick { $trick }: { $played } — { $value } (none clearly better)
review-line = { $mark } Trick { $trick }: { $played } — { $value } (best { $best_value }: { $best })
review-capped = The bot was busy: some moves were judged on fewer deals.
review-legend-best = ✅ the best, or none clearly better
review-legend-close = 👍 close to it
review-legend-costly = ⚠️ cost { $points } or more
review-legend-worst = ❌ among the costliest

review-act-lead = leading { $cards }
review-act-beat = beating with { $cards }
review-act-beat_one = beating with { $cards }
review-act-discard = discarding { $cards }
review-act-molodka = declaring the molodka { $cards }
review-act-pass = not declaring the molodka

review-why-could_beat = beating the trick was worth more than keeping your cards
review-why-could_beat_one = beating the trick was worth more than keeping your card
review-why-same_card = played face up, the same card would have beaten the trick's top card instead of being thrown away
review-why-same_cards = played face up, the same cards would have beaten the trick's top cards instead of being thrown away
review-why-keep_card = keeping { $cards } for later tricks was worth more than this trick
review-why-keep_cards = keeping { $cards } for later tricks was worth more than this trick
review-why-partner_on_top = your partner was already on top of the trick
review-why-feed_partner = your partner was taking the trick, so your points would go to your team
review-why-cheaper_discard = it threw fewer points away
review-why-other_discard = the cards you gave away were worth more in your hand
review-why-fewer_trumps = it spent fewer trumps
review-why-cheaper_beat = it put fewer points at stake
review-why-other_beat = the cards it kept did more later
review-why-lead_more = leading more cards of the suit at once paid more
review-why-lead_fewer = keeping some of those cards back paid more
review-why-other_lead = that lead played out better
review-why-molodka = the molodka sends the trick back and lets you lead it
review-why-no_molodka = playing on without the molodka paid more
review-why-other = it played out better

error-review_not_player = Only the players of this game can open its review, each for their own moves.
error-review_missing = This game's record is not in the league yet. Try again in a moment.
error-review_busy = The computer is busy with other games right now and could not finish this review. Please try again in a minute.
