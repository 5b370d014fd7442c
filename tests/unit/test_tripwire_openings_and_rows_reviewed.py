"""The probes of round fifteen's fourth review (hostile88): an opening phrase that says whom the sentence is for,
two rows of one laid-out table, a share's part and its round whole, a map scale's grouped number, per-time phrases
that say when rather than how fast. Each passes now: the figure named is listed (a probe may list others beside
it), or (None) nothing is; the regressions the review found among them are mended.

Left, and known: a time glued to the next number by a missing space ('ab 18:30.500 Sitzplätze') is not read."""

from __future__ import annotations

import pytest

from tests.support.tripwire_rows import flagged_asked

PROBES = [
    pytest.param(
        "| Formaat | Wassen | Wassen + knippen |\n|---|---|---|\n| Klein (tot 10 kg) | € 18 | € 30 |\n| Middel (10–25 kg) | € 24 | € 38 |\n| Groot (boven 25 kg) | € 32 | € 50 |",
        None,
        "Voor een kleine hond kost wassen en knippen € 38.",
        "€ 38",
        id="reach-nl-v2",
    ),
    pytest.param(
        "| Formaat | Wassen | Wassen + knippen |\n|---|---|---|\n| Klein (tot 10 kg) | € 18 | € 30 |\n| Middel (10–25 kg) | € 24 | € 38 |\n| Groot (boven 25 kg) | € 32 | € 50 |",
        None,
        "Voor een kleine hond, wassen en knippen kost € 38.",
        "€ 38",
        id="reach-nl-comma",
    ),
    pytest.param(
        "| Taglia | Bagno | Bagno + tosatura |\n|---|---|---|\n| Piccola (fino a 10 kg) | 18 € | 30 € |\n| Media (10–25 kg) | 24 € | 38 € |\n| Grande (oltre 25 kg) | 32 € | 50 € |",
        None,
        "Per un cane di taglia piccola, bagno e tosatura costano 38 €.",
        "38 €",
        id="reach-it-comma",
    ),
    pytest.param(
        "| Tamaño | Baño | Baño + corte |\n|---|---|---|\n| Pequeño (hasta 10 kg) | 18 € | 30 € |\n| Mediano (10–25 kg) | 24 € | 38 € |\n| Grande (más de 25 kg) | 32 € | 50 € |",
        None,
        "Para un perro pequeño, el baño con corte cuesta 38 €.",
        "38 €",
        id="reach-es-comma",
    ),
    pytest.param(
        "| Tamaño | Baño | Baño + corte |\n|---|---|---|\n| Pequeño (hasta 10 kg) | 18 € | 30 € |\n| Mediano (10–25 kg) | 24 € | 38 € |\n| Grande (más de 25 kg) | 32 € | 50 € |",
        None,
        "Para un perro mediano, el baño con corte cuesta 38 €.",
        None,
        id="ok-es-comma",
    ),
    pytest.param(
        "| Taglia | Bagno | Bagno + tosatura |\n|---|---|---|\n| Piccola (fino a 10 kg) | 18 € | 30 € |\n| Media (10–25 kg) | 24 € | 38 € |\n| Grande (oltre 25 kg) | 32 € | 50 € |",
        None,
        "Per un cane di taglia media, bagno e tosatura costano 38 €.",
        None,
        id="ok-it-comma",
    ),
    pytest.param(
        "| Formaat | Wassen | Wassen + knippen |\n|---|---|---|\n| Klein (tot 10 kg) | € 18 | € 30 |\n| Middel (10–25 kg) | € 24 | € 38 |\n| Groot (boven 25 kg) | € 32 | € 50 |",
        None,
        "Voor een middelgrote hond, wassen en knippen kost € 38.",
        None,
        id="ok-nl-comma",
    ),
    pytest.param(
        "| Größe | Baden | Baden + Scheren |\n|---|---|---|\n| Klein (bis 10 kg) | 18 € | 30 € |\n| Mittel (10–25 kg) | 24 € | 38 € |\n| Groß (über 25 kg) | 32 € | 50 € |",
        None,
        "Für einen mittelgroßen Hund kostet Baden mit Scheren 38 €.",
        None,
        id="ok-de-v2",
    ),
    pytest.param(
        "| Porte | Banho | Banho + tosquia |\n|---|---|---|\n| Pequeno (até 10 kg) | 18 € | 30 € |\n| Médio (10–25 kg) | 24 € | 38 € |\n| Grande (mais de 25 kg) | 32 € | 50 € |",
        None,
        "O banho com tosquia para um cão de porte pequeno fica em 38 €.",
        "38 €",
        id="reach-pt-midclause",
    ),
    pytest.param(
        "| Porte | Banho | Banho + tosquia |\n|---|---|---|\n| Pequeno (até 10 kg) | 18 € | 30 € |\n| Médio (10–25 kg) | 24 € | 38 € |\n| Grande (mais de 25 kg) | 32 € | 50 € |",
        None,
        "O banho com tosquia fica em 38 € para um cão de porte pequeno.",
        "38 €",
        id="reach-pt-after",
    ),
    pytest.param(
        "| 크기 | 목욕 | 목욕 + 미용 |\n|---|---|---|\n| 소형견 (10kg 이하) | 20,000원 | 35,000원 |\n| 중형견 (10~25kg) | 28,000원 | 45,000원 |\n| 대형견 (25kg 이상) | 38,000원 | 60,000원 |",
        None,
        "중형견의 경우, 목욕 + 미용은 45,000원입니다.",
        None,
        id="ok-ko-table",
    ),
    pytest.param(
        "| サイズ | シャンプー | シャンプー＋カット |\n|---|---|---|\n| 小型犬（10kgまで） | 3,000円 | 5,000円 |\n| 中型犬（10〜25kg） | 4,000円 | 6,500円 |\n| 大型犬（25kg以上） | 5,500円 | 8,000円 |",
        None,
        "中型犬の場合、シャンプー＋カットは6,500円です。",
        None,
        id="ok-ja-table",
    ),
    pytest.param(
        "| Month | Standard room | Suite |\n|---|---|---|\n| June | €110 | €180 |\n| July | €120 | €200 |\n| August | €140 | €220 |",
        None,
        "For your stay in July, the standard room is €140 a night.",
        "€140",
        id="inv-en-july-row",
    ),
    pytest.param(
        "| Month | Standard room | Suite |\n|---|---|---|\n| June | €110 | €180 |\n| July | €120 | €200 |\n| August | €140 | €220 |",
        None,
        "For your stay in July, the standard room is €120 a night.",
        None,
        id="ok-en-july-row",
    ),
    pytest.param(
        "| Service | Price |\n|---|---|\n| Small dog | €25 |\n| Small dog, long coat | €35 |\n| Large dog | €40 |\n| Large dog, long coat | €55 |",
        None,
        "For a small dog with a long coat, it's €35.",
        None,
        id="ok-en-smalldog-long",
    ),
    pytest.param(
        "| Service | Price |\n|---|---|\n| Small dog | €25 |\n| Small dog, long coat | €35 |\n| Large dog | €40 |\n| Large dog, long coat | €55 |",
        None,
        "For a small dog with a long coat, it's €25.",
        "€25",
        id="inv-en-smalldog-long",
    ),
    pytest.param(
        "| Ticket | Day | Week |\n|---|---|---|\n| Adult | €14 | €60 |\n| Adult (student) | €10 | €42 |\n| Child | €7 | €30 |",
        None,
        "For students with a valid card, a day ticket is €14.",
        "€14",
        id="inv-en-adultstudent",
    ),
    pytest.param(
        "| Fare | Single | Day pass |\n|---|---|---|\n| Zone 1 | £2.80 | £8.10 |\n| Zones 1–2 | £3.40 | £9.60 |\n| Zones 1–3 | £3.90 | £11.30 |",
        None,
        "For travel within Zone 1, a single is £2.80.",
        None,
        id="ok-en-zone",
    ),
    pytest.param(
        "| 区分 | 料金 |\n|---|---|\n| 大人 | 1,800円 |\n| 大人（学生） | 1,200円 |\n| 子ども | 900円 |",
        None,
        "学生の方は、入館料が1,200円です。",
        None,
        id="ok-ja-adult",
    ),
    pytest.param(
        "올해 자격시험에는 57명 중 53명이 합격했습니다.",
        None,
        "올해 시험에서는 53명이 합격했습니다.",
        None,
        id="ok-ko-share-part",
    ),
    pytest.param(
        "올해 자격시험에는 57명 중 53명이 합격했습니다.",
        None,
        "올해 시험에서는 57명이 합격했습니다.",
        "57명",
        id="inv-ko-share-whole-as-part",
    ),
    pytest.param(
        "올해 자격시험에는 57명 중 53명이 합격했습니다.",
        None,
        "올해 시험에는 약 60명이 응시해 대부분 합격했습니다.",
        None,
        id="ok-ko-share-hedge",
    ),
    pytest.param(
        "올해 자격시험에는 57명 중 53명이 합격했습니다.",
        None,
        "올해 시험에서는 55명이 합격했습니다.",
        "55명",
        id="inv-ko-share-other",
    ),
    pytest.param(
        "参加者40人中12人が「満足」と回答しました。",
        None,
        "12人が「満足」と回答しました。",
        None,
        id="ok-ja-share-part",
    ),
    pytest.param(
        "参加者40人中12人が「満足」と回答しました。",
        None,
        "40人が「満足」と回答しました。",
        "40人",
        id="inv-ja-share-part",
    ),
    pytest.param(
        "Out of 100 patients, 37 reported side effects.",
        None,
        "37 patients reported side effects.",
        None,
        id="ok-en-share-100",
    ),
    pytest.param(
        "In our survey, 12 of 15 clinics met the standard.",
        None,
        "12 clinics met the standard.",
        None,
        id="ok-en-share-15",
    ),
    pytest.param(
        "Of 250 units tested, 10 failed inspection.",
        None,
        "Around 250 units failed inspection.",
        "250 units",
        id="inv-en-share-rise",
    ),
    pytest.param(
        "The pump delivers 40 litres per minute at full pressure.",
        None,
        "At full pressure the pump moves 40 litres a minute.",
        None,
        id="ok-en-litres-minute",
    ),
    pytest.param(
        "The pump delivers 40 litres per minute at full pressure.",
        None,
        "At full pressure the pump moves 40 litres an hour.",
        "40 litres an hour",
        id="inv-en-litres-hour",
    ),
    pytest.param(
        "La pompe débite 40 litres par minute.",
        None,
        "La pompe débite 40 litres à l'heure.",
        "40 litres à l'heure",
        id="inv-fr-heure",
    ),
    pytest.param(
        "Chaque participant reçoit 2 litres d'eau à l'heure du départ.",
        None,
        "À l'heure du départ, chaque participant reçoit 2 litres d'eau.",
        None,
        id="ok-fr-heure-du",
    ),
    pytest.param(
        "Prévoyez 500 g de riz pour quatre à l'heure de servir.",
        None,
        "Comptez 500 g de riz pour quatre personnes.",
        None,
        id="ok-fr-heure-de",
    ),
    pytest.param(
        "Servire 200 g di pasta a persona all'ora di cena.",
        None,
        "A cena si servono 200 g di pasta a persona.",
        None,
        id="ok-it-ora-di",
    ),
    pytest.param(
        "Portate 1 litro d'acqua all'ora del ritrovo.",
        None,
        "Al ritrovo portate 1 litro d'acqua.",
        None,
        id="ok-it-ora-del",
    ),
    pytest.param(
        "Il rubinetto eroga 12 litri al minuto.", None, "Il rubinetto eroga 12 l/min.", None, id="ok-it-orario"
    ),
    pytest.param(
        "Il rubinetto eroga 12 litri al minuto.",
        None,
        "Il rubinetto eroga 12 litri all'ora.",
        "12 litri all'ora",
        id="inv-it-ora",
    ),
    pytest.param(
        "La bomba impulsa 30 litros por minuto.",
        None,
        "La bomba impulsa 30 litros a la hora.",
        "30 litros a la hora",
        id="inv-es-hora",
    ),
    pytest.param(
        "Los niños deben beber 250 ml de agua a la hora de comer.",
        None,
        "A la hora de comer, los niños deben beber 250 ml de agua.",
        None,
        id="ok-es-hora-de-comer",
    ),
    pytest.param(
        "Se sirven 150 g de fruta a la hora del recreo.",
        None,
        "En el recreo se sirven 150 g de fruta.",
        None,
        id="ok-es-hora-del",
    ),
    pytest.param(
        "Cada criança recebe 200 ml de leite à hora do lanche.",
        None,
        "Ao lanche, cada criança recebe 200 ml de leite.",
        None,
        id="ok-pt-hora-de",
    ),
    pytest.param(
        "A bomba debita 30 litros por minuto.", None, "A bomba debita 30 litros à hora.", "30 litros", id="inv-pt-hora"
    ),
    pytest.param(
        "Die Pumpe fördert 40 Liter pro Minute.",
        None,
        "Die Pumpe fördert 40 Liter in der Stunde.",
        "40 Liter",
        id="inv-de-stunde",
    ),
    pytest.param(
        "De pomp verplaatst 40 liter per minuut.",
        None,
        "De pomp verplaatst 40 liter per uur.",
        "40 liter per uur",
        id="inv-nl-uur",
    ),
    pytest.param(
        "Apply 50 g of fertiliser every second week in spring.",
        None,
        "In spring, apply 50 g of fertiliser every other week.",
        None,
        id="ok-en-every-second-week",
    ),
    pytest.param(
        "The hotel is 300 m from the beach, a minute's walk away.",
        None,
        "The beach is 300 m from the hotel.",
        None,
        id="ok-en-a-minute-walk",
    ),
    pytest.param(
        "Take 20 ml a second time if symptoms persist after 4 hours.",
        None,
        "If symptoms persist after 4 hours, take 20 ml again.",
        None,
        id="ok-en-a-second",
    ),
    pytest.param(
        "Le bus part à 8 h 15 ; prévoyez 2 litres d'eau à l'heure exacte du départ.",
        None,
        "Prévoyez 2 litres d'eau pour le départ à 8 h 15.",
        None,
        id="ok-fr-heure-exacte",
    ),
    pytest.param(
        "Drink 500 ml of water an hour before the race.",
        None,
        "Drink 500 ml of water an hour before the race starts.",
        None,
        id="ok-en-an-hour-before",
    ),
    pytest.param(
        "Il motore consuma 2 litri al secondo giorno di prova.",
        None,
        "Al secondo giorno di prova il motore consuma 2 litri.",
        None,
        id="ok-it-al-minuto-secondo",
    ),
    pytest.param(
        "Se administran 5 ml al segundo día del tratamiento.",
        None,
        "El segundo día del tratamiento se administran 5 ml.",
        None,
        id="ok-es-al-segundo-dia",
    ),
    pytest.param(
        "Le remboursement est de 20 € à la seconde réclamation.",
        None,
        "À la seconde réclamation, le remboursement est de 20 €.",
        None,
        id="ok-fr-a-la-seconde-fois",
    ),
    pytest.param(
        "Cada aluno leva 1 litro de água a hora de saída.",
        None,
        "Cada aluno leva 1 litro de água.",
        None,
        id="ok-pt-a-hora-de",
    ),
    pytest.param(
        "Doors open at 17:30, 2,500 seats available.",
        None,
        "Doors open at 17:30 and there are 2,500 seats.",
        None,
        id="ok-en-time-thousands",
    ),
    pytest.param("Carte au 1:25.000 pour la randonnée.", None, "La carte est au 1:25 000.", None, id="ok-fr-ratio"),
    pytest.param(
        "The museum closes at 17:30, 1,200 visitors a day on average.",
        None,
        "The museum closes at 18:30.",
        "18:30",
        id="inv-en-time-comma",
    ),
    pytest.param(
        "Öffnungszeiten: bis 17:30, 2.000 Besucher pro Tag.",
        None,
        "Das Museum hat bis 18:30 geöffnet.",
        "18:30",
        id="inv-de-time-thousand",
    ),
    pytest.param("比赛于19:30,1,000名观众入场。", None, "比赛在19:30开始。", None, id="ok-zh-time"),
    pytest.param(
        "受付 9:00、参加費 3,000円。", None, "受付は9時からで、参加費は3,000円です。", None, id="ok-ja-time-yen"
    ),
    pytest.param(
        "Carte IGN au 1:25 000, idéale pour la randonnée.",
        None,
        "La carte IGN est au 1:25.000.",
        None,
        id="ok-fr-scale-space",
    ),
    pytest.param(
        "Use the OS Explorer map at 1:25,000 for this walk.",
        None,
        "The OS Explorer map for this walk is 1:25 000 scale.",
        None,
        id="ok-en-scale",
    ),
    pytest.param(
        "Wanderkarte im Maßstab 1:25.000.", None, "Die Wanderkarte hat den Maßstab 1:25 000.", None, id="ok-de-scale"
    ),
    pytest.param("演出于19:30开始,100名观众可免费入场。", None, "演出19:30开始。", None, id="ok-zh-time-asciicomma"),
    pytest.param(
        "開演は18:30,先着200名様に記念品を差し上げます。", None, "開演は18:30です。", None, id="ok-ja-time-asciicomma"
    ),
    pytest.param("Check-in: 15:00,checkout 11:00.", None, "Check-in is from 15:00.", None, id="ok-en-time-csvlike"),
    pytest.param(
        "演出于19:30开始,100名观众可免费入场。", None, "演出20:30开始。", "20:30", id="inv-zh-time-asciicomma"
    ),
    pytest.param(
        "환자 100명 중 37명이 부작용을 보고했습니다.", None, "37명이 부작용을 보고했습니다.", None, id="ok-ko-share-100"
    ),
    pytest.param(
        "환자 100명 중 37명이 부작용을 보고했습니다.",
        None,
        "약 100명이 부작용을 보고했습니다.",
        "100명",
        id="inv-ko-share-100-hedge",
    ),
    pytest.param(
        "Of 100 patients, 37 reported side effects.",
        None,
        "Around 100 patients reported side effects.",
        "100 patients",
        id="inv-en-share-100-hedge",
    ),
    pytest.param("参赛的50人中有18人获奖。", None, "有18人获奖。", None, id="ok-zh-share"),
    pytest.param(
        "| Bilhete | Preço |\n|---|---|\n| Adulto | 14 € |\n| Criança (até 12 anos) | 8 € |\n| Sénior (65+) | 10 € |\n| Família (2 adultos + 2 crianças) | 36 € |",
        None,
        "Para uma família com duas crianças, o bilhete família custa 36 €.",
        None,
        id="ok-pt-familia",
    ),
    pytest.param(
        "| Bilhete | Preço |\n|---|---|\n| Adulto | 14 € |\n| Criança (até 12 anos) | 8 € |\n| Sénior (65+) | 10 € |\n| Família (2 adultos + 2 crianças) | 36 € |",
        None,
        "Para uma família com duas crianças, o bilhete custa 14 €.",
        "14 €",
        id="inv-pt-familia",
    ),
    pytest.param(
        "Carta escursionistica in scala 1:50.000.",
        None,
        "La carta escursionistica è in scala 1:50 000.",
        None,
        id="ok-it-scale",
    ),
    pytest.param(
        "Mapa topográfico a escala 1:50.000.",
        None,
        "El mapa topográfico está a escala 1:50 000.",
        None,
        id="ok-es-scale",
    ),
    pytest.param("Wandelkaart schaal 1:25.000.", None, "De wandelkaart heeft schaal 1:25 000.", None, id="ok-nl-scale"),
    pytest.param(
        "Use the OS Explorer map at 1:25,000 for this walk.",
        None,
        "For this walk, use the OS Explorer map (scale 1 to 25,000).",
        None,
        id="ok-en-scale-words",
    ),
    pytest.param(
        "患者100人中37人が副作用を報告しました。",
        None,
        "約100人が副作用を報告しました。",
        "100人",
        id="inv-ja-share-100-hedge",
    ),
    pytest.param(
        "지원자 100명 중 10명이 불합격했습니다.",
        None,
        "약 100명이 불합격했습니다.",
        "100명",
        id="inv-ko-share-10-hedge",
    ),
    pytest.param(
        "직원 10명 중 8명이 재택근무를 원합니다.", None, "약 10명이 재택근무를 원합니다.", "10명", id="inv-ko-share-10b"
    ),
    pytest.param(
        "지원자 100명 중 10명이 불합격했습니다.",
        None,
        "불합격자는 10명이 넘습니다.",
        "10명",
        id="inv-ko-share-part-hedge-up",
    ),
]


@pytest.mark.parametrize(("context", "question", "answer", "figure"), PROBES)
def test_the_reviews_probes(context: str, question: str | None, answer: str, figure: str | None) -> None:
    flagged = flagged_asked(context, question, answer)
    assert (figure in flagged) if figure else flagged == []
