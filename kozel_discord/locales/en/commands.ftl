# Slash commands: names (1–32 lower-case letters, digits, - or _), descriptions and choices
# (up to 100 characters), given to Discord through discord.py's Translator; and /kozel rules.

cmd-kozel-name = kozel
cmd-kozel-desc = Play Kozel on 4 cards in this channel
cmd-start-name = start
cmd-start-desc = Open a table in this channel
cmd-start-timer = Time per turn before the computer plays it
cmd-start-timer_name = timer
cmd-stop-name = stop
cmd-stop-desc = Stop the game in this channel (host or Manage Server)
cmd-hand-name = hand
cmd-hand-desc = Show your hand again
cmd-rules-name = rules
cmd-rules-desc = The rules in short
cmd-stats-name = stats
cmd-stats-desc = Bot figures for admins (Manage Server)
cmd-league-name = league
cmd-league-desc = This server's Kozel league
cmd-table-name = table
cmd-table-desc = The league table of this server
cmd-table-sort = Sort by
cmd-table-sort_name = sort
cmd-player-name = player
cmd-player-desc = A player's league profile
cmd-player-member = The player (default: you)
cmd-player-member_name = member
cmd-history-name = history
cmd-history-desc = Recent series in this server
cmd-ranked-name = ranked
cmd-ranked-desc = Whether series with computer players count in the league (Manage Server)
cmd-ranked-enabled = On or off (leave empty to see the setting)
cmd-ranked-enabled_name = enabled

choice-timer-off = off
choice-timer-30 = 30 seconds
choice-timer-60 = 1 minute
choice-timer-90 = 90 seconds
choice-timer-180 = 3 minutes

sort-rating = rating
sort-series_won = series won
sort-series_played = series played
sort-goats = times goat
sort-goats_with_eggs = times goat with eggs
sort-games_won = games won
sort-games_played = games played
sort-games_lost = games lost
sort-eggs = eggs
sort-defeat_points_taken = defeat points taken
sort-defeat_points_inflicted = defeat points inflicted

rules-title = Kozel on 4 cards — the rules in short
rules-text = **Players**: four, in two teams; partners sit opposite (seats 1+3 against 2+4).
    {"**"}Deck**: 36 cards (♥ hearts, ♦ diamonds, ♤ spades, ☘ clubs). Order in a suit, low to high: 6 7 8 9 J Q K **10** A. Card points: jack 2, queen 3, king 4, ten 10, ace 11; 6 to 9 score nothing — 120 in the deck.
    {"**"}Deal**: 4 cards each; a card from the middle of the stock is shown: its suit is trump (the card stays in the stock and is drawn like any other). In the first game the player to the dealer's left leads; in later games, whoever took the last trick.
    {"**"}Trick**: the leader plays one or more cards of **one suit**. Each next player plays the same number of cards: either **beats** them (each of your cards beats a different one of the cards now winning the trick, the lead or the last beat: a higher card of the same suit, or any trump over a non-trump) or **discards** any cards face down; nobody has to beat. The last player who beat takes the trick, the discarded cards and their points with it (or the leader, if nobody beat).
    {"**"}Molodka**: four cards of one suit may be laid out of turn while the trick is open; played cards go back and the molodka leads. A later molodka replaces one already laid only if its player sits earlier clockwise from the player who opened the trick (that player counts first). Anyone may beat a molodka with cards, like any lead.
    {"**"}Drawing**: after a trick everyone draws back to 4 cards, one card at a time clockwise, while the stock lasts, the taker first; the taker leads next. When the stock is empty, the hands are played out and the game is scored.
    {"**"}Scoring**: what counts is the card points in a team's tricks, not how many tricks it took: 61+ card points win the game. The losers get 2 defeat points (31–59 card points), 4 (30 or fewer) or 6 (no trick at all). 60 : 60 is **eggs**: nobody scores.
    {"**"}Series**: play on until a team has { $target } defeat points or more — they are the **goats**, or **goats with eggs** if a game of the series ended 60 : 60.
