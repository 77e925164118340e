# House rules: /kozel settings, the lobby's series length, the league by length, /kozel rules.

cmd-start-length = Series length: the defeat points that lose it (default: this server's)
cmd-start-length_name = length
cmd-settings-length = Standard series length of new tables (and of the league table)
cmd-settings-length_name = length
cmd-settings-timer = Move timer of new tables
cmd-settings-timer_name = timer
cmd-settings-hints = Whether hosts may turn hints on at casual tables
cmd-settings-hints_name = hints
cmd-settings-language = Language of the public table
cmd-settings-language_name = language
cmd-table-length = Series length of the league to show (default: this server's standard)
cmd-table-length_name = length

choice-length-6 = 6 defeat points
choice-length-8 = 8 defeat points
choice-length-10 = 10 defeat points
choice-length-12 = 12 defeat points (the rule book's)
choice-language-server = the server's language
choice-language-en = English
choice-language-ru = Русский
choice-language-uk = Українська
choice-language-tr = Türkçe

settings-title = This server's house rules
settings-saved = Saved. This server's house rules:
settings-length = Series to { $target ->
        [one] { $target } defeat point
       *[other] { $target } defeat points
    }
settings-timer = Move timer: { $timer }
settings-timer_off = off
settings-timer_seconds = { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
settings-hints_on = Hints: hosts may turn them on at tables that do not count for the league
settings-hints_off = Hints: not allowed
settings-ranked_on = League: series with computer players count too; { COMMAND("league ranked") } changes it
settings-ranked_off = League: only series without computers count; { COMMAND("league ranked") } changes it
settings-language = Public table language: { $language }
settings-language_server = the server's own
settings-footer = For tables opened from now on. The host may still change the length and the timer in the lobby. By default the league table counts series to { $target } defeat points; { COMMAND("league table") } with its length option shows the others.
settings-league_length = League: series to { $target ->
        [one] { $target } defeat point
       *[other] { $target } defeat points
    }
settings-history_length = {" "}· series to { $target }

rules-at_table = At this table
rules-at_server = New tables on this server

lobby-length = Series to { $target ->
        [one] { $target } defeat point
       *[other] { $target } defeat points
    } — the first team to reach them loses
lobby-length_button = Length: { $target }
lobby-rules_length = Length
lobby-rules_hints = Hints

error-bad_length = A series is played to { $first } or { $last } defeat points.
error-bad_setting = That setting has no such value: nothing was changed.
lobby-rules_footer = 🎯 The host sets the length, ⏱️ the timer and 💡 hints below.
lobby-rules_footer_length = 🎯 The host sets the length and ⏱️ the timer below.
lobby-ranked_yes = 📊 This series counts for the league
lobby-ranked_no = 🎲 Casual: this series does not count for the league
