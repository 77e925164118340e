# Правила сервера: /kozel settings, довжина партії в лобі, ліга за довжиною, /kozel rules.

cmd-start-length = Довжина партії: до скількох штрафних очок грають (типово — як на сервері)
cmd-start-length_name = довжина
cmd-settings-length = Звичайна довжина партії нових столів (і таблиці ліги)
cmd-settings-length_name = довжина
cmd-settings-timer = Час на хід за новими столами
cmd-settings-timer_name = таймер
cmd-settings-hints = Чи можуть господарі вмикати підказки в партіях не в залік ліги
cmd-settings-hints_name = підказки
cmd-settings-language = Мова спільного столу
cmd-settings-language_name = мова
cmd-table-length = Довжина партій ліги (типово — звичайна на сервері)
cmd-table-length_name = довжина

choice-length-6 = 6 штрафних очок
choice-length-8 = 8 штрафних очок
choice-length-10 = 10 штрафних очок
choice-length-12 = 12 штрафних очок (за правилами)
choice-language-server = мова сервера
choice-language-en = English
choice-language-ru = Русский
choice-language-uk = Українська
choice-language-tr = Türkçe

settings-title = Правила цього сервера
settings-saved = Збережено. Правила сервера:
settings-length = Партія до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафних очок
    }
settings-timer = Таймер ходу: { $timer }
settings-timer_off = вимкнено
settings-timer_seconds = { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунди
       *[many] { $seconds } секунд
    }
settings-hints_on = Підказки: господар столу може ввімкнути їх, якщо партія не йде в залік ліги
settings-hints_off = Підказки: заборонені
settings-ranked_on = Ліга: у залік ідуть і партії з комп'ютерами; змінюється командою { COMMAND("league ranked") }
settings-ranked_off = Ліга: у залік ідуть лише партії без комп'ютерів; змінюється командою { COMMAND("league ranked") }
settings-language = Мова спільного столу: { $language }
settings-language_server = мова сервера
settings-footer = Діє для столів, які відкриють після цього. Господар столу все одно може змінити в лобі довжину партії й таймер. Таблиця ліги типово рахує партії до { $target } штрафних очок; партії іншої довжини покаже { COMMAND("league table") } з вибраною довжиною.
settings-league_length = Ліга: партії до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафних очок
    }
settings-history_length = {" "}· партія до { $target }

rules-at_table = За цим столом
rules-at_server = Нові столи на цьому сервері

lobby-length = Партія до { $target ->
        [one] { $target } штрафного очка
       *[other] { $target } штрафних очок
    } — хто перший набере, програє
lobby-length_button = До { $target ->
        [one] { $target } штрафного
       *[other] { $target } штрафних
    }
lobby-rules_length = Довжина
lobby-rules_hints = Підказки

error-bad_length = Партію грають до { $first } або { $last } штрафних очок.
error-bad_setting = Це налаштування не має такого значення: нічого не змінено.
lobby-rules_footer = 🎯 Довжину партії, ⏱️ таймер ходу й 💡 підказки господар столу змінює кнопками нижче.
lobby-rules_footer_length = 🎯 Довжину партії й ⏱️ таймер ходу господар столу змінює кнопками нижче.
lobby-ranked_yes = 📊 Партія йде в залік ліги
lobby-ranked_no = 🎲 Нерейтингова партія: не йде в залік ліги
