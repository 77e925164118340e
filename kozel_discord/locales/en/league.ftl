# The server's league: /league table, player, history, ranked; and /kozel stats.

league-title = League table — { $guild }
league-sorted_by = Sorted by { $sort }
league-empty = No ranked series yet. Series with computer players count only if an admin turns on { COMMAND("league ranked") }; start one with { COMMAND("kozel start") }!
league-empty_length = No ranked series to { $target } defeat points yet. This server's league has series to { $lengths }: pick that length in { COMMAND("league table") }.
league-columns = Rating (from { $start }) · series and games won–lost
league-columns-goats_eggs = 🐐🥚 goat with eggs
league-columns-eggs = 🥚 eggs
league-row = **{ $rank }.** { $user } · **{ $rating }** · series { $sw }–{ $sl } · games { $gw }–{ $gl }{ $goats_eggs ->
        [0] {""}
       *[other] {" "}· 🐐🥚 { $goats_eggs }
    }{ $eggs ->
        [0] {""}
       *[other] {" "}· 🥚 { $eggs }
    }
league-page = Page { $page } of { $pages } · { $total ->
        [one] { $total } player
       *[other] { $total } players
    }

history-title = Recent series
history-empty = No series yet.
history-line = { $when } · { $a } vs { $b } · defeat points { $da } : { $db }{ $eggs ->
        [0] {""}
        [one] {" · "}{ $eggs } egg
       *[other] {" · "}{ $eggs } eggs
    } · { $verdict }{ $ranked }
history-goats = goats: { $names }
history-goats_with_eggs = goats with eggs: { $names }
history-unranked = {" "}· casual
history-computers = 🤖 { $n } computers ({ $level })
history-status-active = in play
history-status-finished = finished
history-status-abandoned = abandoned

profile-title = { $name } — league profile
profile-rating = Rating
profile-rating_value = { $rating } · #{ $rank } in this league
profile-rating_note = Everyone starts at { $start }. The rating rises as the player's team wins and falls as it loses; while few games are played it is held low (the league is not yet sure), so the first games move it the most, and each of them, eggs (60–60) included, lifts it a little.
profile-series = Series
profile-series_value = { $w } won · { $l } lost
profile-goats = Times a goat
profile-goats_value = { $n ->
        [one] once
       *[other] { $n } times
    }{ $eggs ->
        [0] {""}
       *[other] {" "}({ $eggs } with eggs)
    }
profile-games = Games
profile-games_value = { $w } won · { $l } lost{ $eggs ->
        [0] {""}
        [one] {" "}· { $eggs } egg
       *[other] {" "}· { $eggs } eggs
    }
profile-defeat_points = Defeat points
profile-defeat_points_value = { $taken } taken · { $inflicted } inflicted
profile-best_partner = Best partner
profile-best_partner_value = { $user }: { $won } of { $played } series won together
profile-recent = Recent series
profile-none = { $user } has not played in this server yet.

ranked-on = Series with computer players count in the league for the humans in them.
ranked-off = Series with computer players do not count in the league.
ranked-from_next = This holds for every series that starts from now on; series in play keep their rules.

stats-title = Kozel bot — figures
stats-text = Live tables in this process: **{ $tables }**
    Games in the last hour: **{ $games }**
    Interactions handled: { $interactions } · errors: { $errors }
    Event-loop lag: p99 { $lag } ms · max { $lag_max } ms
    Peak memory: { $rss } MiB · shards: { $shards }
