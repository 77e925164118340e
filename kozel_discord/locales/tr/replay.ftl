# Biten oyunların tekrarları ve dışa aktarımı: /lig oyun, geçmişteki ve profillerdeki
# "Bir oyunu tekrar izle" menüsü (Türkçe).

cmd-game-name = oyun
cmd-game-desc = Bu sunucuda biten bir oyunu el el tekrar izleyin
cmd-game-id_name = numara
cmd-game-id = Oyunun numarası (#…), /lig geçmiş ve profillerde yazar
cmd-game-public_name = herkese
cmd-game-public = Tekrarı kanala gönder (varsayılan: yalnızca siz görürsünüz)

replay-title = 🎬 **Oyun #{ $id } tekrarı** · serisinin { $n }. oyunu · { $when }
replay-trick = **El { $n } / { $total }**
replay-took = **Eli { $who } alıyor**: { $cards } · açık kartlarda { $points ->
        [one] { $points } puan
       *[other] { $points } puan
    }
replay-tricks_so_far = Şu ana kadar eller: { $a } · { $b }
replay-result_title = Oyun { $n }: sonuç
replay-card_points = Kapalı atılanlar dahil kart puanları: { $a } · { $b }
replay-export = JSON olarak dışa aktar
replay-exported = Oyun #{ $id } kaydı: tohumu ve bütün hamleleri, saklandığı gibi. `kozel-discord verify` ve `kozel-discord simulate` bu dosyayı okur.
replay-pick = 🎬 Bir oyunu tekrar izle…
replay-pick_hint = 🎬 Bir oyunu tekrar izleyin: aşağıdaki menüden seçin ya da { COMMAND_NAME("league game") } komutunu oyunun #numarasıyla kullanın.
replay-option = #{ $id } · { $date } · serinin { $n }. oyunu
replay-option_lost = { $team }: { $dp } ceza puanı
replay-option_eggs = yumurta, 60 : 60 · ceza puanı yok
replay-option_computers = 🤖 bilgisayarlar

error-game_not_found = Biten #{ $id } numaralı bir oyun yok. Son oyunlar { COMMAND("league history") } komutunda listelenir.
error-game_other_guild = Oyun #{ $id } başka bir sunucuda oynandı: tekrarlar yalnızca bu sunucunun oyunlarını gösterir.
error-game_unreadable = Oyun #{ $id } kaydı tekrar oynatılamıyor.
