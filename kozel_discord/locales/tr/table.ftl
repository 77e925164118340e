# The public table message (components v2) and its picture.
table-winning = 👑 Şu an alan: { $who }
table-last_trick = **Son el:** { $who } aldı ({ $cards } ile)
table-game_over = **Oyun { $n } bitti.**
table-trump_short = koz { $card }
table-defeat_points = Ceza puanı (seri { $target } puana kadar): { $a } · { $b }
table-eggs = Şimdiye kadar yumurta: { $n }

button-last_tricks = Oynanan eller
tricks-title = Oyun { $n }: şimdiye kadar { $total } el
tricks-none = Bu oyunda henüz el alınmadı.
tricks-taker = { $who } aldı ({ $team })

picture-trump = Koz
picture-stock = Deste
picture-turn = Sıra
picture-winning = Alıyor
picture-took = Aldı
picture-last_trick = Son el
picture-tricks = Eller
picture-defeat_points = Ceza puanı
picture-eggs = Yumurta
picture-game = Oyun
picture-dealer = Dağıtan
picture-no_cards = Kart yok
picture-molodka = Molodka
picture-goats = Keçiler
# Per team (a dot and its number each), in the list of tricks and a replay's step.
table-points_so_far = Şu ana kadar puanlar, yalnızca açık kartlar: { $a } · { $b }
table-discards_hidden = Kapalı atılan kartlar gizli kalır: puanları yalnızca oyun sonunda sayılır.

# The alternative text of the pictures (what a screen reader says instead of "table.png").
alt-table = Masanın resmi. Koz { $trump }. { $trick }
alt-hand = Kartlarınızın resmi: { $cards }. Koz { $trump }. { $trick }
alt-no_hand = kart yok
alt-on_table = Masada: { $plays }.
alt-last_trick = Son el ({ $who } aldı): { $plays }.
alt-no_cards = Masada kart yok.
alt-play = { $who }: { $cards }
alt-discard = { $who }: { $n } kart kapalı
