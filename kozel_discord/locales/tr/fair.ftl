# Adil dağıtımlar (docs/fair-play.md): dağıtımda gösterilen mühür ve oyun bitince
# açıklanan tohum ile tuz (Türkçe).

fair-table = 🔒 Dağıtım mühürlendi: { $short }…
fair-tricks_footer = 🔒 Dağıtım mührü (bu oyunun tohumu ile tuzunun SHA-256 özeti; oyun bitince açıklanır): { $commitment }
fair-reveal_title = 🔓 Adil dağıtım
fair-reveal = { $short }… mührünün anahtarı:
fair-reveal_check = Dağıtımı ve hamleleri doğrulamak için: oyunun tekrarındaki «JSON olarak dışa aktar» ile kozel-discord verify.
