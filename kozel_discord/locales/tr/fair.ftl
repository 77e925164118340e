# Adil dağıtımlar (docs/fair-play.md): dağıtımda gösterilen mühür ve oyun bitince
# açıklanan tohum ile tuz (Türkçe).

fair-table = 🔒 Dağıtım mühürlendi: { $short }…
fair-tricks_footer = 🔒 Dağıtım mührü (bu oyunun tohumu ile tuzunun SHA-256 özeti; oyun bitince açıklanır): { $commitment }
fair-reveal_title = 🔓 Adil dağıtım
fair-reveal = Bu oyunun tohumu ve tuzu aşağıdaki satırda; satırın SHA-256 özeti dağıtımda gösterilen mühürdür ({ $short }…):
fair-reveal_check = SHA-256 = `{ $commitment }` · tüm oyun: `kozel-discord verify`
