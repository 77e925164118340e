# Hints at casual tables: the lobby's button, the table's mark, the board's Hint answer.

hints-lobby_on = 💡 Hints on: this series will not count for the league
hints-lobby_ranked = 💡 Hints go off at the start: a series of four human players counts for the league
hints-table_on = 💡 Hints on: this series does not count for the league
hints-button = Hint
lobby-hints_button_on = Hints: on
lobby-hints_button_off = Hints: off

hints-line = 💡 **Hint**: { $move } — { $reason }.
hints-move_lead = lead { $cards }
hints-move_beat = beat with { $cards }
hints-move_beat_one = beat with { $cards }
hints-move_discard = discard { $cards }
hints-move_molodka = declare the molodka { $cards }

hints-stale = The game moved on while the computer was thinking — here is your hand now.
hints-reason_molodka = four of a suit: a molodka, everyone answers with four cards
hints-reason_takes = takes the trick { $points ->
        [0] (no points in it, but the lead is yours)
        [one] with { $points } point in sight
       *[other] with { $points } points in sight
    }
hints-reason_takes_trump = a trump takes the trick { $points ->
        [0] (no points in it, but the lead is yours)
        [one] with { $points } point in sight
       *[other] with { $points } points in sight
    }
hints-reason_on_top = goes on top with plain cards and keeps your trumps
hints-reason_on_top_trump = nothing plain beats it: a trump goes on top
hints-reason_on_top_with_trump = a trump goes on top and keeps your plain beat for later
hints-reason_feed = your partner is on top: give them { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
hints-reason_cheap_discard = { $points ->
        [0] adds no points to the trick
        [one] adds only { $points } point to the trick, the fewest you can
       *[other] adds only { $points } points to the trick, the fewest you can
    }
hints-reason_keep_discard = { $points ->
        [one] puts { $points } point in the trick but keeps the cards you need later
       *[other] puts { $points } points in the trick but keeps the cards you need later
    }
hints-reason_lead_trumps = leads trumps to draw the opponents' trumps
hints-reason_lead_strong = a strong card that is hard to beat
hints-reason_lead_cheap = a cheap lead: keeps your points and trumps
hints-reason_lead_suit = { $n } cards of one suit are hard to beat

error-hints_not_allowed = This server does not allow hints (its admins decide with { COMMAND("kozel settings") }).
error-hints_ranked = On this server every series counts for the league: hints are only for casual tables.
error-hints_off = Hints are off at this table.
error-hint_not_now = A hint is for your own turn.
