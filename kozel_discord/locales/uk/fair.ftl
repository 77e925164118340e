# Чесні роздачі (docs/fair-play.md): печатка, показана під час роздачі, і сід та сіль,
# відкриті наприкінці гри (українська).

fair-table = 🔒 Роздачу запечатано: { $short }…
fair-tricks_footer = 🔒 Печатка роздачі (SHA-256 сіда й солі цієї гри; їх буде відкрито, коли гра закінчиться): { $commitment }
fair-reveal_title = 🔓 Чесна роздача
fair-reveal = Сід і сіль (їхній SHA-256 — печатка { $short }…):
fair-reveal_check = Перевірка всієї гри: `kozel-discord verify`
