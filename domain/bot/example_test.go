package bot_test

import (
	"fmt"

	"bummerl/domain/bot"
	"bummerl/domain/schnapsen"
)

// A practice table asks the bot for its move and for the value of each
// move: the view is built from the deal's record so far.
func Example() {
	deck := schnapsen.ShuffledDeck(schnapsen.Soft, 2026)
	rec := schnapsen.GameRecord{Variant: schnapsen.Soft, Closing: schnapsen.AtClose, Deck: deck}
	view, err := bot.ViewOf(rec, 0, [2]int{0, 0}) // forehand leads the first trick; 0:0 in the Bummerl
	if err != nil {
		panic(err)
	}
	b := bot.New(bot.Options{Seed: 1})
	a, _ := b.Decide(view)
	fmt.Println("hand", view.Hand, "trump", view.Trump, "plays", a)
	ests, _ := b.Explain(view)
	for _, e := range ests[:3] {
		fmt.Printf("%v: %+.2f game points, deal %.0f %%, Bummerl %.0f %%\n", e.Action, e.Points, 100*e.Win, 100*e.Bummerl)
	}
	// Output:
	// hand [JH KD KS AC JC] trump D plays seat 0 play JH
	// seat 0 play JH: -0.75 game points, deal 37 %, Bummerl 44 %
	// seat 0 play JC: -0.87 game points, deal 29 %, Bummerl 43 %
	// seat 0 play KD: -1.15 game points, deal 15 %, Bummerl 41 %
}
