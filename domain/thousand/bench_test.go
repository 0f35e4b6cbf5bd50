package thousand

import "testing"

// benchmarkDeals plays random complete deals: a shuffled deck (dealt again
// while its bottom card is a nine, R-8), then bidding, giving, contract and
// play chosen uniformly among the legal actions (a range of bids or
// contracts is one entry, its value uniform in the range).
func benchmarkDeals(b *testing.B, o Options) {
	r := newFastRand(1)
	var buf [NumCards]Card
	actions := 0
	b.ReportAllocs()
	for b.Loop() {
		deck := r.shuffle(&buf)
		for deck[NumCards-1].Rank() == Nine {
			deck = r.shuffle(&buf)
		}
		d, err := NewDeal(o, 0, deck)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.playout(&d); err != nil {
			b.Fatal(err)
		}
		actions += int(d.actions)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/deal")
}

func BenchmarkRandomDeal3(b *testing.B)      { benchmarkDeals(b, Options{Players: 3}) }
func BenchmarkRandomDeal4(b *testing.B)      { benchmarkDeals(b, Options{Players: 4}) }
func BenchmarkRandomDealGolden(b *testing.B) { benchmarkDeals(b, Options{Players: 3, Golden: true}) }

// BenchmarkRefereeJSON decodes and judges the deal record of RULES-1000.md.
func BenchmarkRefereeJSON(b *testing.B) {
	data := []byte(`{"game": "1000", "dealer": 2, "deck": ["KH","QH","AH","AS","AC","TH","TS","TC","AD","KS","KC","KD","QS","QC","QD","9C","JC","JD","9H","JS","9S","9D","TD","JH"],
  "actions": [{"seat": 1, "do": "bid", "value": 105}, {"seat": 2, "do": "bid", "value": 110}, {"seat": 0, "do": "bid", "value": 120},
    {"seat": 1, "do": "pass"}, {"seat": 2, "do": "bid", "value": 125}, {"seat": 0, "do": "bid", "value": 130}, {"seat": 2, "do": "pass"},
    {"seat": 0, "do": "give", "card": "9S", "to": 1}, {"seat": 0, "do": "give", "card": "JD", "to": 2}, {"seat": 0, "do": "contract", "value": 200},
    {"seat": 0, "do": "play", "card": "AD"}, {"seat": 1, "do": "play", "card": "9D"}, {"seat": 2, "do": "play", "card": "JD"}]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Referee(data); err != nil {
			b.Fatal(err)
		}
	}
}
