# Kozel: lobbies, tables, private boards and results (English, the default language).
# The code's key `table.seat_line` is the message `table-seat_line` here (dots become hyphens).
# A value that must start with a space is written {" "}…, one that starts a line with
# `*`, `[` or `.` as {"*"}… (Fluent's syntax).

suit-clubs = clubs
suit-diamonds = diamonds
suit-hearts = hearts
suit-spades = spades

# One card as text: $rank is 6 7 8 9 10 J Q K A, $suit its symbol (♣ ♦ ♥ ♠).
card-text = { $rank }{ $suit }

seat-label = Seat { $n } ({ $team })
seat-number = Seat { $n }
seat-label_long = Seat { $n } · { $team }
seat-empty = — empty —
seat-computer = 🤖 { $name } ({ $level })
seat-computer_short = 🤖 { $level }
# A computer player named in a team (no level, so that no brackets nest).
seat-computer_plain = 🤖 { $name }
seat-away_suffix = {" "}(away — the computer plays)

team-a = A
team-b = B
team-a-long = Team A
team-b-long = Team B
# The two players of a team.
team-pair = { $first } and { $second }

level-random = easy
level-heuristic = normal
level-strong = hard
level-None = normal

computer-name = Computer { $n }

lobby-title = Kozel — a new table
lobby-description = Four players in two teams; partners sit opposite. Take a seat, or fill one with a computer player. The host starts when all four seats are full. New to Kozel? { COMMAND("kozel rules") } explains it.
lobby-started = The game has started — see the table message below.
lobby-settings = Settings
lobby-host = Host: { $host }
lobby-timer_on = Move timer: { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    } (then the computer plays the turn)
lobby-timer_off = Move timer: off
lobby-sit = Sit: { $seat }
lobby-remove_computer = Remove { $name }
# A human's seat in the lobby's buttons (two share a phone's line with a computer's).
lobby-seat_taken = Seat { $n }: { $name }
lobby-add_placeholder = Add a computer player…
lobby-add_option = { $seat }: { $level } computer
lobby-leave = Leave
lobby-timer = Timer
lobby-timer_button_on = Timer: { $seconds } s
lobby-timer_button_off = Timer: off
lobby-begin = Start
lobby-cancel = Cancel
lobby-cancelled = The table was cancelled.

trick-lead = { $who } led { $cards }
trick-beat = { $who } beat with { $cards }
trick-molodka = { $who } laid a molodka out of turn: { $cards }
trick-discard = { $who } discarded { $cards }

table-title = Kozel — game { $n }
table-trump = Trump: **{ $card }** ({ $suit }) · { $stock ->
        [0] the stock is empty
        [one] stock: { $stock } card
       *[other] stock: { $stock } cards
    }
table-dealer_mark = {" "}(dealer)
table-tricks = { $n ->
        [one] { $n } trick
       *[other] { $n } tricks
    }
table-trick = Current trick ({ $k ->
        [one] { $k } card
       *[other] { $k } cards
    } each)
table-trick_new = Current trick
table-trick_empty = Nothing played yet.
table-trick_empty_last = Nothing played yet in this trick.
table-series_score = Defeat points: A { $a } · B { $b }{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } egg (60 : 60)
       *[other] {" "}· { $eggs } eggs (60 : 60)
    }
table-series_over = The series is over.
table-waiting = Waiting…
table-turn_lead = { $who } to lead.
table-turn_answer = { $who } to beat or discard { $k ->
        [one] { $k } card
       *[other] { $k } cards
    }.
# $when is a Discord timestamp that each client shows as "in 30 seconds".
table-deadline = Time runs out { $when }.

move-lead = { $who } led { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }.
move-beat = { $who } beat with { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }.
move-discard = { $who } discarded { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }.
move-molodka = { $who } declared a molodka!
move-timed_out = (time ran out: the computer played)

hand-title = Your hand — { $seat }
hand-molodka_possible = You hold a molodka (four cards of one suit): you may declare it now, out of turn.
hand-choose = Choose your move…
hand-choose_molodka = Declare your molodka…
hand-stale = This hand was out of date — here is your current one.

result-title = Game { $n } is over
result-eggs = **Eggs!** 60 : 60 — nobody gets defeat points.
result-ratings = League rating
result-rating_line = { $who }: { $before } → { $after } ({ $shift })
result-team_line = { $names }
    { $points ->
        [one] { $points } card point
       *[other] { $points } card points
    } · { $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    }

series-title = The series is over
series-winners = 🏆 { $names } win the series.
series-goats = { $names } lose the series: they are the goats! 🐐
series-goats_with_eggs = { $names } lose the series: they are goats with eggs ({ $eggs ->
        [one] { $eggs } egg
       *[other] { $eggs } eggs
    })! 🐐🥚

button-my_hand = My hand
button-refresh = Refresh
button-rematch = Rematch

stop-confirm = Stop the game at this table? The series will count as abandoned.
stop-confirm_finished = Close this table? Its finished series stays in the league.
stop-confirm_lobby = Close this lobby? No game has been played: nothing is recorded.
stop-confirm_button = Stop the game
stop-done = This table was stopped.
