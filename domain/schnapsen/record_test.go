package schnapsen

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// firstPlay plays the first legal card until the deal ends; close makes
// forehand close the talon first.
func firstPlay(t *testing.T, d *Deal, close bool) []Action {
	t.Helper()
	var done []Action
	if close {
		a := Action{Seat: 0, Kind: Close}
		if err := d.Apply(a); err != nil {
			t.Fatal(err)
		}
		done = append(done, a)
	}
	var buf [MaxActions]Action
	for !d.Over() {
		a := d.Legal(&buf)[0]
		if a.Kind != Play {
			t.Fatalf("no card to play: %v", a)
		}
		if err := d.Apply(a); err != nil {
			t.Fatal(err)
		}
		done = append(done, a)
	}
	return done
}

// the last trick earns 10 card points, 130 in all, unless the talon was closed.
func TestX4LastTrickBonus(t *testing.T) {
	for seed := range uint64(50) {
		d, err := NewDeal(SixtySix, AtClose, ShuffledDeck(SixtySix, seed))
		if err != nil {
			t.Fatal(err)
		}
		firstPlay(t, &d, false)
		v := d.Verdict()
		w := v.Winner
		if v.Reason != LastTrick || d.points[0]+d.points[1] != 130 || int(d.points[w]) != setPoints(d.won[w])+10 {
			t.Fatalf("seed %d: %+v with trick points %v", seed, v, d.points)
		}
		if d.counted(uint8(w)) < winTarget && v.Points != 1 || d.counted(uint8(w)) >= winTarget && v.Points != GamePoints(d.tricks[1-w], d.counted(uint8(1-w))) {
			t.Fatalf("seed %d: last trick winner with %d card points scores %d", seed, d.counted(uint8(w)), v.Points)
		}
		c, err := NewDeal(SixtySix, AtClose, ShuffledDeck(SixtySix, seed))
		if err != nil {
			t.Fatal(err)
		}
		firstPlay(t, &c, true)
		if r := c.Verdict().Reason; c.points[0]+c.points[1] != uint8(setPoints(c.won[0]|c.won[1])) || r == LastTrick {
			t.Fatalf("seed %d: closed deal %+v with trick points %v", seed, c.Verdict(), c.points)
		}
	}
}

// S-2: seat 0 of an embedded game record is forehand; the dealer
// alternates, match seat 1 dealing first unless first_dealer says otherwise.
func TestS2DealerAlternatesInMatchRecords(t *testing.T) {
	game := ruleCases["S-14 three points against an opponent without a trick"].record(t) // forehand wins 3
	raw, err := json.Marshal(game)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		firstDealer string
		winners     []int
	}{
		"default: seat 1 deals first": {"", []int{0, 1, 0}},
		"seat 0 deals first":          {`"first_dealer": 0,`, []int{1, 0, 1}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			data := `{` + tc.firstDealer + `"bummerl_to_win": 3, "deals": [` + string(raw) + "," + string(raw) + "," + string(raw) + `]}`
			v, err := Referee([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			mv := v.(MatchVerdict)
			for i, w := range tc.winners {
				if mv.Deals[i].Winner != w || mv.Deals[i].Points != 3 {
					t.Errorf("deal %d: %+v, want winner %d", i, mv.Deals[i], w)
				}
			}
		})
	}
}

// Impossible records name the offending action, -1 for the header or deck.
func TestParseGameRecordErrors(t *testing.T) {
	deck := `["AH","TH","AS","JH","QD","JD","AC","TS","JC","KD","JS","KH","QH","AD","TD","KS","QS","TC","KC","QC"]`
	tests := map[string]struct {
		json   string
		action int
		msg    string
	}{
		"not JSON":           {`{"deck": `, -1, "not a record"},
		"unknown variant":    {`{"variant": "blitz", "deck": ` + deck + `}`, -1, "unknown variant"},
		"unknown closing":    {`{"closing": "never", "deck": ` + deck + `}`, -1, "unknown closing"},
		"no deck":            {`{"actions": []}`, -1, "no deck"},
		"unknown deck card":  {`{"deck": ["XX"]}`, -1, "deck card 1"},
		"deck too short":     {`{"deck": ["AH"]}`, -1, "deck has 1 cards"},
		"missing seat":       {`{"deck": ` + deck + `, "actions": [{"do": "play", "card": "AH"}]}`, 0, "seat"},
		"seat 2":             {`{"deck": ` + deck + `, "actions": [{"seat": 0, "do": "play", "card": "AH"}, {"seat": 2, "do": "play", "card": "JH"}]}`, 1, "seat"},
		"unknown do":         {`{"deck": ` + deck + `, "actions": [{"seat": 0, "do": "pass"}]}`, 0, "unknown action"},
		"unknown card":       {`{"deck": ` + deck + `, "actions": [{"seat": 0, "do": "play", "card": "ZZ"}]}`, 0, "unknown card"},
		"marriage sans suit": {`{"deck": ` + deck + `, "actions": [{"seat": 0, "do": "marriage"}]}`, 0, "needs a suit"},
		"malformed action":   {`{"deck": ` + deck + `, "actions": [{"seat": 0, "do": "play", "card": "AH"}, {"seat": "one"}]}`, 1, "not an action"},
		"nine in soft":       {`{"deck": ` + strings.Replace(deck, "QC", "9C", 1) + `}`, -1, "not in the soft deck"},
		"action with a field twice": {`{"deck": ` + deck + `, "actions": [{"seat": 0, "do": "play", "card": "AH"}, {"seat": 1, "do": "play", "card": "JH", "card": "QD"}]}`,
			1, "not an action"},
		"header field twice": {`{"variant": "soft", "variant": "sharp", "deck": ` + deck + `}`, -1, "not a record"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Referee([]byte(tc.json))
			var re *RecordError
			if !errors.As(err, &re) || re.Action != tc.action || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want action %d with %q", err, tc.action, tc.msg)
			}
			b, _ := json.Marshal(re)
			var back struct {
				Error  string `json:"error"`
				Action int    `json:"action"`
			}
			if json.Unmarshal(b, &back) != nil || back.Action != tc.action || back.Error == "" {
				t.Errorf("JSON %s", b)
			}
		})
	}
}

// A record written by GameRecord.MarshalJSON reads back the same; the
// variant and closing default to soft and at-close.
func TestGameRecordRoundTrip(t *testing.T) {
	rec := ruleCases["S-17 count-later counts the opponent at the end"].record(t)
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseGameRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Variant != rec.Variant || back.Closing != rec.Closing || len(back.Actions) != len(rec.Actions) || back.Deck[19] != rec.Deck[19] {
		t.Fatalf("round trip changed the record: %s", b)
	}
	for i := range rec.Actions {
		if back.Actions[i] != rec.Actions[i] {
			t.Fatalf("action %d: %v, want %v", i, back.Actions[i], rec.Actions[i])
		}
	}
	noHeader := strings.Replace(strings.Replace(string(b), `"variant":"soft",`, "", 1), `"closing":"count-later",`, "", 1)
	def, err := ParseGameRecord([]byte(noHeader))
	if err != nil || def.Variant != Soft || def.Closing != AtClose {
		t.Fatalf("defaults: %v %v, %v", def.Variant, def.Closing, err)
	}
}

// FORMATS.md: a finished verdict and an unfinished one with its legal list.
func TestVerdictJSON(t *testing.T) {
	tests := map[string]struct {
		verdict Verdict
		want    string
	}{
		"finished": {Verdict{Finished: true, Winner: 0, Points: 2, Reason: Declared, CardPoints: [2]int{71, 24}, Tricks: [2]int{4, 2}, AtAction: 17},
			`{"finished":true,"winner":0,"points":2,"reason":"declared","card_points":[71,24],"tricks":[4,2],"at_action":17}`},
		"unfinished": {Verdict{ToMove: 1, Legal: []Action{{Seat: 1, Kind: Play, Card: NewCard(Ace, Hearts)}, {Seat: 1, Kind: Marriage, Suit: Spades}, {Seat: 1, Kind: Close}}},
			`{"finished":false,"to_move":1,"legal":[{"seat":1,"do":"play","card":"AH"},{"seat":1,"do":"marriage","suit":"S"},{"seat":1,"do":"close"}]}`},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(tc.verdict)
			if err != nil || string(b) != tc.want {
				t.Errorf("got %s, %v\nwant %s", b, err, tc.want)
			}
		})
	}
}

// Match records: deals as results or game records, and their errors (B-4).
func TestMatchRecordErrors(t *testing.T) {
	tests := map[string]struct {
		json string
		deal int
	}{
		"deals not a list":    {`{"deals": {}}`, -1},
		"bummerl_to_win 0":    {`{"bummerl_to_win": 0, "deals": []}`, -1},
		"bummerl_to_win 5":    {`{"bummerl_to_win": 5, "deals": []}`, -1},
		"first_dealer 2":      {`{"first_dealer": 2, "deals": []}`, -1},
		"deal without points": {`{"deals": [{"winner": 0, "points": 1}, {"winner": 1}]}`, 1},
		"deal not an object":  {`{"deals": [3]}`, 0},
		"unknown reason":      {`{"deals": [{"winner": 0, "points": 1, "reason": "luck"}]}`, 0},
		"impossible game":     {`{"deals": [{"deck": ["AH"], "actions": []}]}`, 0},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := Referee([]byte(tc.json))
			var se *SheetError
			if !errors.As(err, &se) || se.Deal != tc.deal || se.Text("de") == "" {
				t.Fatalf("err = %v, want a SheetError at deal %d", err, tc.deal)
			}
		})
	}
}
