# Правила сервера: /kozel settings, длина партии в лобби, лига по длине, /kozel rules.

cmd-start-length = Длина партии: сколько штрафных очков проигрывают (по умолчанию — как на сервере)
cmd-start-length_name = длина
cmd-settings-length = Обычная длина партии новых столов (и турнирной таблицы)
cmd-settings-length_name = длина
cmd-settings-timer = Время на ход за новыми столами
cmd-settings-timer_name = таймер
cmd-settings-hints = Могут ли хозяева включать подсказки в партиях не в зачёт лиги
cmd-settings-hints_name = подсказки
cmd-settings-language = Язык общего стола
cmd-settings-language_name = язык
cmd-table-length = Длина партий лиги (по умолчанию — обычная на сервере)
cmd-table-length_name = длина

choice-length-6 = 6 штрафных очков
choice-length-8 = 8 штрафных очков
choice-length-10 = 10 штрафных очков
choice-length-12 = 12 штрафных очков (по правилам)
choice-language-server = язык сервера
choice-language-en = English
choice-language-ru = Русский
choice-language-uk = Українська
choice-language-tr = Türkçe

settings-title = Правила этого сервера
settings-saved = Сохранено. Правила сервера:
settings-length = Партия до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафных очков
    }
settings-timer = Таймер хода: { $timer }
settings-timer_off = выключен
settings-timer_seconds = { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
       *[many] { $seconds } секунд
    }
settings-hints_on = Подсказки: хозяин стола может включить их, если партия не идёт в зачёт лиги
settings-hints_off = Подсказки: запрещены
settings-ranked_on = Лига: в зачёт идут и партии с компьютерами; меняется командой { COMMAND("league ranked") }
settings-ranked_off = Лига: в зачёт идут только партии без компьютеров; меняется командой { COMMAND("league ranked") }
settings-language = Язык общего стола: { $language }
settings-language_server = язык сервера
settings-footer = Для столов, открытых с этого момента. Хозяин стола может поменять в лобби длину партии и таймер. Турнирная таблица по умолчанию считает партии до { $target } штрафных очков; партии другой длины покажет { COMMAND("league table") } с выбранной длиной.
settings-league_length = Лига: партии до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафных очков
    }
settings-history_length = {" "}· партия до { $target }

rules-at_table = За этим столом
rules-at_server = Новые столы на этом сервере

lobby-length = Партия до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафных очков
    } — кто первым наберёт, проигрывает
lobby-length_button = До { $target ->
        [one] { $target } штрафного
       *[other] { $target } штрафных
    }
lobby-rules_length = Длина
lobby-rules_hints = Подсказки

error-bad_length = Партия играется до { $first } или { $last } штрафных очков.
error-bad_setting = У этой настройки нет такого значения: ничего не изменено.
lobby-rules_footer = 🎯 Длину партии, ⏱️ таймер хода и 💡 подсказки хозяин стола меняет кнопками ниже.
lobby-rules_footer_length = 🎯 Длину партии и ⏱️ таймер хода хозяин стола меняет кнопками ниже.
lobby-ranked_yes = 📊 Партия идёт в зачёт лиги
lobby-ranked_no = 🎲 Нерейтинговая партия: не идёт в зачёт лиги
