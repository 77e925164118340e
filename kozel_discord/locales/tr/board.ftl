# Özel tahta ("Kartlarım") ve hamle menüsü (ui/board.py, ui/moves.py).

opt-trump = { $card } (koz)
opt-keeps = {" "}· { $cards } sizde kalır
opt-pair = { $old } kartını { $new } yener
opt-takes = eli alır
opt-on_top = şimdilik sizde
opt-beat = { $cards } ile yen
opt-beat_desc = { $outcome } · { $pairs }
# In a beat of several cards, one of its pairs (several are joined by commas).
opt-pair_short = { $old } üstüne { $new }
# A discard of three or four cards: how many are trumps, before $rest (its description).
opt-trumps_first = { $n } koz · { $rest }
opt-discard = Kapalı at: { $cards }
# $side is empty, opt-now_ours or opt-now_foes: who is winning the trick now.
opt-discard_desc = { $points ->
        [0] ele puan gitmez
       *[other] ele { $points } puan gider
    }{ $side }{ $kept }
opt-now_ours = {" "}(ortağınız alıyor)
opt-now_foes = {" "}(rakip alıyor)
opt-discard_desc_foes = { $points ->
        [0] rakiplere puan gitmez
       *[other] rakiplere { $points } puan gider
    }
opt-discard_desc_ours = { $points ->
        [0] takımınıza puan gitmez
       *[other] takımınıza { $points } puan gider
    }
# After the cards of a discard of two cards, how many of them are trumps.
opt-trumps_in = {" "}({ $n } koz)
opt-lead = Aç: { $cards }
opt-lead_desc = { $trump ->
        [yes] { $n ->
            [one] koz,{" "}
           *[other] { $n } koz,{" "}
        }
       *[no] {""}
    }{ $points } puan{ $kept }
opt-lead_molodka = Molodka! Aç: { $cards }
opt-lead_molodka_desc = { $points } puan · üstüne molodka açılamaz
opt-molodka = Molodka! { $cards }
opt-molodka_desc = sıra beklemeden: el sizden başlar

board-your_lead = **Açış sizde**: { $max ->
        [1] bir kart
       *[other] aynı renkten 1–{ $max } kart
    }.
board-lead_molodka = Elinizde molodka (aynı renkten dört kart) var: dördünü birden açabilirsiniz.
board-your_answer = **Sıra sizde**: { $top } { $k ->
        [one] kartını
       *[other] kartlarını
    } yenin ya da { $k } kart kapalı atın.
board-no_beat = **Sıra sizde**: { $top } { $k ->
        [one] kartını yenecek kartınız yok
       *[other] kartlarının hepsini yenecek kartlarınız yok
    } — { $k } kart kapalı atın.
board-waiting = Sıra: { $role } { $who }.
board-away = ⏸️ Masada değilsiniz: sizin yerinize bilgisayar oynuyor. Oyuna dönmek için bir hamle seçin ya da Yenile'ye basın.
board-role_you = siz
board-role_partner = ortağınız
board-role_opponent = rakip
board-on_top = Şu an alan: { $role } { $who }, { $cards }
board-on_top_you = Şu an alan: siz, { $cards }
board-team = Ortağınız: { $partner } · rakipler: { $first }, { $second }
board-trump = Koz: { $card } ({ $suit }) · { $stock ->
        [0] deste bitti
       *[other] destede: { $stock } kart
    }
board-hand = Kartlarınız: { $cards }

board-pic_trump = Koz
board-pic_stock = Deste
board-pic_turn = Sıra
board-pic_winning = Alıyor
board-pic_took = Aldı
board-pic_your_hand = Kartlarınız
board-pic_you = Siz
board-pic_last_trick = Son el
board-pic_your_turn = Sıra sizde
