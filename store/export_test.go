package store_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"bummerl/domain/schnapsen"
	"bummerl/domain/tournament"
	"bummerl/draw"
	"bummerl/store"
	"bummerl/views"
)

// storedFinished stores a simulated finished tournament in s.
func storedFinished(t *testing.T, s *store.Store, cards int) int64 {
	return storedSimulation(t, s, cards, 7)
}

// storedSimulation stores the finished tournament simulated from seed.
func storedSimulation(t *testing.T, s *store.Store, cards int, seed uint64) int64 {
	t.Helper()
	sim, err := draw.Simulate(draw.SimConfig{Cards: cards, Players: cards * 3 / 4, MaxCards: 3}, seed)
	if err != nil {
		t.Fatal(err)
	}
	if !sim.Finished() {
		t.Fatal("the simulated tournament is not finished")
	}
	created := mustCreate(t, s, sim.Settings)
	if _, err := s.Update(ctx, created.ID, admin, "play", func(tt *tournament.Tournament) error {
		id := tt.ID
		*tt = *sim
		tt.ID = id
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlaySettings(ctx, created.ID, admin, store.PlaySettings{GermanSuits: true}); err != nil {
		t.Fatal(err)
	}
	return created.ID
}

// viaJSON writes doc out and reads it back as a file would be.
func viaJSON(t *testing.T, doc store.Document) store.Document {
	t.Helper()
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := store.ReadDocument(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		id := storedFinished(t, laptop, 256)
		first, err := laptop.ExportTournament(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if first.Format != "bummerl-tournament" || first.Version != store.DocumentVersion || len(first.Origin) != 64 || first.Tournament.ID != 0 {
			t.Fatalf("head %q %d %q id %d", first.Format, first.Version, first.Origin, first.Tournament.ID)
		}

		server := open()                    // the server: each backend
		mustCreate(t, server, settings(16)) // the ids differ from the laptop's
		imported, err := server.ImportTournament(ctx, store.User{Name: "Verband"}, viaJSON(t, first), store.PersonChoices{})
		if err != nil {
			t.Fatal(err)
		}
		if imported.ID == id {
			t.Fatalf("imported under the laptop's id %d", id)
		}
		loaded, err := server.Load(ctx, imported.ID)
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := laptop.Load(ctx, id)
		orig.ID = loaded.ID
		mustEqual(t, loaded, orig)
		// Created when it was created on the laptop, not when it was imported.
		was, _ := laptop.Tournaments(ctx)
		is, _ := server.Tournaments(ctx)
		if !is[0].CreatedAt.Equal(was[0].CreatedAt) || is[0].ID != imported.ID {
			t.Fatalf("created %v on the server, %v on the laptop", is[0].CreatedAt, was[0].CreatedAt)
		}

		second, err := server.ExportTournament(ctx, imported.ID)
		if err != nil {
			t.Fatal(err)
		}
		// The second export adds the import's audit line; the rest is equal.
		last := second.Audit[len(second.Audit)-1]
		if last.Action != "import" || last.User != "Verband" || !strings.Contains(last.After, first.Origin) {
			t.Fatalf("last audit line %+v", last)
		}
		second.Audit = second.Audit[:len(second.Audit)-1]
		second.Exported = first.Exported
		if !reflect.DeepEqual(viaJSON(t, second), viaJSON(t, first)) {
			t.Fatal("the second export differs from the first")
		}

		// The same tournament again, from either export: refused, naming the copy.
		for _, doc := range []store.Document{first, second} {
			_, err = server.ImportTournament(ctx, admin, doc, store.PersonChoices{})
			if !errors.Is(err, store.ErrDuplicateImport) || !strings.Contains(err.Error(), first.Tournament.Settings.Name) {
				t.Fatalf("second import: %v", err)
			}
		}
		list, _ := server.Tournaments(ctx)
		if len(list) != 2 {
			t.Fatalf("%d tournaments after the refused import", len(list))
		}
	})
}

func TestImportRefusesDamage(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		doc, err := laptop.ExportTournament(ctx, storedFinished(t, laptop, 16))
		if err != nil {
			t.Fatal(err)
		}
		good, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		reads := map[string]string{
			"bad JSON":        string(good[:len(good)/2]),
			"unknown version": strings.Replace(string(good), fmt.Sprintf(`"version":%d`, store.DocumentVersion), fmt.Sprintf(`"version":%d`, store.DocumentVersion+1), 1),
			"other format":    strings.Replace(string(good), `"bummerl-tournament"`, `"bummerl-backup"`, 1),
			"unknown field":   strings.Replace(string(good), `"format"`, `"extra":1,"format"`, 1),
			"trailing data":   string(good) + "{}",
			"name twice":      strings.Replace(string(good), `"format"`, `"origin":"x","format"`, 1),
			"name's case":     strings.Replace(string(good), `"Settings"`, `"settings"`, 1),
			"invalid UTF-8":   strings.Replace(string(good), `"bummerl-tournament"`, "\"bummerl-tournament\xff\"", 1),
		}
		for name, in := range reads {
			if _, err := store.ReadDocument(strings.NewReader(in)); !errors.Is(err, store.ErrBadDocument) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, err := store.ReadDocument(strings.NewReader(strings.Repeat(" ", store.MaxDocumentBytes+1))); !errors.Is(err, store.ErrDocumentTooLarge) ||
			!strings.Contains(err.Error(), "document_too_large [64]") {
			t.Errorf("too large: %v", err)
		}

		damage := map[string]func(d *store.Document){
			"invalid settings": func(d *store.Document) { d.Tournament.Settings.Cards = 17 },
			"missing player": func(d *store.Document) { // the card of a player who is not there
				owner := d.Tournament.Cards[0].Player
				d.Tournament.Players = slices.DeleteFunc(d.Tournament.Players, func(p tournament.Player) bool { return p.ID == owner })
			},
			"player name": func(d *store.Document) { d.Tournament.Players[0].Name = " " },
			"foreign winner": func(d *store.Document) {
				d.Tournament.Rounds[0].Matches[0].Result.Winner = 999
			},
			"no audit":   func(d *store.Document) { d.Audit = nil },
			"bad origin": func(d *store.Document) { d.Origin = strings.Repeat("0", 64) },
		}
		server := open() // the server: each backend
		for name, damageFn := range damage {
			d := viaJSON(t, doc) // a deep copy
			damageFn(&d)
			if _, err := server.ImportTournament(ctx, admin, d, store.PersonChoices{}); err == nil {
				t.Errorf("%s: imported", name)
			} else if errors.Is(err, store.ErrDuplicateImport) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if list, _ := server.Tournaments(ctx); len(list) != 0 {
			t.Fatalf("%d tournaments written by refused imports", len(list))
		}
		if entries, _ := server.Audit(ctx, 1); len(entries) != 0 {
			t.Fatalf("%d audit lines written by refused imports", len(entries))
		}
	})
}

// importDamage changes one thing in a valid export each (issue 20): the
// import must refuse it with a message naming what is wrong (want, in
// German), as the pages would have refused to make it.
var importDamage = []struct {
	name   string
	swiss  bool // in the Swiss tournament, else in the Preisschnapsen
	damage func(t *testing.T, tr *tournament.Tournament)
	want   string
}{
	{"a match of card 2 against card 2", false, func(t *testing.T, tr *tournament.Tournament) {
		m := find(t, tr, 1, func(m tournament.Match) bool { return m.A == 2 || m.B == 2 })
		m.A, m.B = 2, 2
	}, "Karte 2 spielt gegen sich selbst"},
	{"an unsold card in a match", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 1, tournament.Match.Bye).B = 16
	}, "Karte 16 ist nicht verkauft"},
	{"card 999 of 16 in a match", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 1, tournament.Match.Bye).B = 999
	}, "Karte 999 liegt nicht zwischen 1 und 16"},
	{"card 999 of 16 in a ticket", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Rounds[0].Draw.Groups[0].Tickets[0].Card = 999
	}, "Runde 1: Hauptrunde: Karte 999 lost in dieser Gruppe nicht"},
	{"card 999 of 16 sold", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Cards[len(tr.Cards)-1].No = 999
	}, "Karte 999 liegt nicht zwischen 1 und 16"},
	{"a player holding 4 cards of at most 2", false, func(t *testing.T, tr *tournament.Tournament) {
		for i := range 4 {
			tr.Cards[i].Player = 1
		}
	}, "Anna Huber hat 3 Karten; erlaubt sind höchstens 2"},
	{"round 2 with results while round 1 is open", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 1, quick).Result = nil
	}, "Runde 2: Partie 1 der Runde 1 hat noch kein Ergebnis"},
	{"only a round 9", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Rounds = tr.Rounds[:1]
		tr.Rounds[0].No = 9
	}, "Runde 9 müsste Runde 1 sein"},
	{"a match in bracket 99", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Rounds[0].Matches[0].Bracket = 99
	}, "Runde 1, Partie 1: Es gibt keine Spielgruppe 99"},
	{"tickets in bracket -1", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Rounds[0].Draw.Groups[0].Bracket = -1
	}, "Runde 1: Die Auslosung muss genau die Gruppen Hauptrunde haben"},
	{"Bummerl 99:-7", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 1, quick).Result.Bummerl = [2]int{99, -7}
	}, "Der Sieger braucht 2 Bummerl und der Verlierer weniger"},
	{"a garbage score sheet", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 1, quick).Result.Sheet = []schnapsen.DealResult{{Winner: 7, Points: -2}}
	}, "Spielzettel, Spiel 1:"},
	{"table 2^31", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 4, tournament.Match.AtTable).Table = 1 << 31
	}, "Der Tisch muss zwischen 1 und 2048 liegen, nicht 2147483648"},
	{"table -5", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 1, func(m tournament.Match) bool { return m.Started }).Table = -5
	}, "Der Tisch muss zwischen 1 und 2048 liegen, nicht -5"},
	{"2049 tables", false, func(t *testing.T, tr *tournament.Tournament) { tr.Tables = 2049 },
		"Die Anzahl der Tische muss zwischen 0 (keine Angabe) und 2048 liegen, nicht 2049"},
	{"a billion tables", false, func(t *testing.T, tr *tournament.Tournament) { tr.Tables = 1_000_000_000 },
		"Die Anzahl der Tische muss zwischen 0 (keine Angabe) und 2048 liegen, nicht 1000000000"},
	{"version -5", false, func(t *testing.T, tr *tournament.Tournament) { tr.Version = -5 },
		"Die Version -5 muss zwischen 1 und 2147483647 liegen"},
	{"a match of version -5", false, func(t *testing.T, tr *tournament.Tournament) { tr.Rounds[1].Matches[0].Version = -5 },
		"Runde 2, Partie 1: Die Version -5 muss"},
	{"a card's price of -10^12 cents", false, func(t *testing.T, tr *tournament.Tournament) { tr.Cards[0].PriceCents = -1e12 },
		"Karte 1: Der Preis muss zwischen 0 und 10.000,00 € liegen, nicht -1000000000000 Cent"},
	{"a price of -10^12 cents", false, func(t *testing.T, tr *tournament.Tournament) { tr.Settings.PriceCents = -1e12 },
		"Der Preis darf nicht negativ sein"},
	{"a payment method holding markup", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Cards[0].Payment = `<img src=x onerror="alert(1)">`
	}, "Karte 1: Die Zahlungsart muss bar, Karte oder andere sein"},
	{"a ticket from pot 7", false, func(t *testing.T, tr *tournament.Tournament) { tr.Rounds[0].Draw.Groups[0].Tickets[0].Pot = 7 },
		"unbekannter Topf"},
	{"a ticket numbered -3", false, func(t *testing.T, tr *tournament.Tournament) { tr.Rounds[0].Draw.Groups[0].Tickets[0].Number = -3 },
		"Nummer -3 liegt nicht zwischen 1 und 8"},
	{"a bogus draw method", false, func(t *testing.T, tr *tournament.Tournament) { tr.Rounds[0].Draw.Method = "lottery" },
		"Runde 1: Unbekannte Auslosungsart"},
	{"a bogus seed", false, func(t *testing.T, tr *tournament.Tournament) { tr.Rounds[0].Draw.Seed = "bogus" },
		"Runde 1: Die Festlegung muss der Hex-SHA-256 des Seeds sein"},
	{"another seed with its own commitment", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Rounds[1].Draw.Seed, tr.Rounds[1].Draw.Commitment = "bogus", draw.Commit("bogus")
	}, "die Auslosung ergibt 4 aus dem linken Topf"}, // the seed gives other tickets
	{"a sold card without a ticket", false, func(t *testing.T, tr *tournament.Tournament) {
		g := &tr.Rounds[0].Draw.Groups[0]
		g.Tickets = slices.DeleteFunc(g.Tickets, func(tk tournament.Ticket) bool { return tk.Card == 5 })
	}, "Runde 1: Hauptrunde: Karte 5 hat kein Los"},
	{"a card sold after the draw", false, func(t *testing.T, tr *tournament.Tournament) {
		tr.Cards = append(tr.Cards, tournament.Card{No: 16, Player: 3, Sale: 99})
	}, "Runde 1: Hauptrunde: Karte 16 hat kein Los"},
	{"a surrender with a score", false, func(t *testing.T, tr *tournament.Tournament) {
		find(t, tr, 4, func(m tournament.Match) bool { return m.Surrendered }).Result.Bummerl = [2]int{2, 0}
	}, "Runde 4, Partie 1: Ein Freilos oder eine aufgegebene Partie wird nicht gespielt"},
	{"an announced draw of another seed", false, func(t *testing.T, tr *tournament.Tournament) { tr.Pending.Seed = "bogus" },
		"Die angekündigte Auslosung: Die Festlegung muss"},
	{"Swiss: another pairing", true, func(t *testing.T, tr *tournament.Tournament) {
		m := tr.Rounds[1].Matches
		m[0].B, m[1].B = m[1].B, m[0].B
	}, "Runde 2, Partie 1: Die Auslosung ergibt hier Karte"},
	{"Swiss: a seed list naming an unsold card", true, func(t *testing.T, tr *tournament.Tournament) { tr.SwissSeeds = []tournament.CardNo{6, 10} },
		"Die Setzliste: Die Setzliste nennt Karte 10, die niemand hat"},
	{"Swiss: an entry in round 9", true, func(t *testing.T, tr *tournament.Tournament) { tr.Cards[len(tr.Cards)-1].From = 9 },
		"Karte 8: Einstiegsrunde 9 und Rückzugsrunde 0 sind hier nicht möglich"},
}

// quick: a match played out with a Bummerl score alone.
func quick(m tournament.Match) bool { return m.Played() && !m.Walkover() && len(m.Result.Sheet) == 0 }

// find is the first match of round k that ok accepts.
func find(t *testing.T, tr *tournament.Tournament, k int, ok func(tournament.Match) bool) *tournament.Match {
	t.Helper()
	ms := tr.Rounds[k-1].Matches
	i := slices.IndexFunc(ms, ok)
	if i < 0 {
		t.Fatalf("round %d has no such match", k)
	}
	return &ms[i]
}

// contents is what the store holds: its tournaments and their audit lines.
func contents(t *testing.T, s *store.Store) string {
	t.Helper()
	list, err := s.Tournaments(ctx)
	must(t, err)
	out, err := json.Marshal(list)
	must(t, err)
	for _, tr := range list {
		entries, err := s.Audit(ctx, tr.ID)
		must(t, err)
		out = fmt.Appendf(out, " %d:%d", tr.ID, len(entries))
	}
	return string(out)
}

// TestImportChecksTheTournament: every document of importDamage is refused
// as damaged, naming the problem, and the database is as before; the
// valid exports are still imported (issue 20).
func TestImportChecksTheTournament(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		preis, swiss := storedEvening(t, laptop)
		docs := map[bool]store.Document{}
		for _, tr := range []*tournament.Tournament{preis, swiss} {
			doc, err := laptop.ExportTournament(ctx, tr.ID)
			must(t, err)
			docs[tr.Settings.IsSwiss()] = doc
		}
		server := open() // the server: each backend
		mustCreate(t, server, settings(16))
		before := contents(t, server)
		for _, tc := range importDamage {
			d := viaJSON(t, docs[tc.swiss]) // a deep copy
			tc.damage(t, &d.Tournament)
			_, err := server.ImportTournament(ctx, admin, d, store.PersonChoices{})
			de := "" // the German message as the pages word it (web.ErrorText)
			if se := (*store.Error)(nil); errors.As(err, &se) {
				de = views.Refusalf("de", "store."+se.Key(), se.Args...)
			}
			if !errors.Is(err, store.ErrBadDocument) || !strings.Contains(de, "Das Dokument ist beschädigt: ") || !strings.Contains(de, tc.want) {
				t.Errorf("%s: %v, want a damaged document saying %q", tc.name, err, tc.want)
			}
			if now := contents(t, server); now != before {
				t.Fatalf("%s: the refused import changed the database:\n%s\n%s", tc.name, before, now)
			}
		}
		for _, doc := range docs {
			if _, err := server.ImportTournament(ctx, admin, viaJSON(t, doc), store.PersonChoices{}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestExportImportEveryField carries a tournament built through the rules
// with every field set (players with and without club and phone, payments,
// prices, byes, a surrender, digital draws, score sheets and none, a
// walkover, matches called to tables with their times and one open at its
// table, the hall's tables, an announced draw) across exactly.
func TestExportImportEveryField(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, open func() *store.Store) {
		laptop := mustOpenPath(t, filepath.Join(t.TempDir(), "laptop.db"))
		want, _ := storedEvening(t, laptop)
		doc, err := laptop.ExportTournament(ctx, want.ID)
		if err != nil {
			t.Fatal(err)
		}
		server := open() // the server: each backend
		got, err := server.ImportTournament(ctx, admin, viaJSON(t, doc), store.PersonChoices{})
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := server.Load(ctx, got.ID)
		if err != nil {
			t.Fatal(err)
		}
		want.ID = got.ID
		mustEqual(t, loaded, want)
		mustEqual(t, got, want)
		if ps, _ := server.PlaySettings(ctx, got.ID); ps.GermanSuits {
			t.Fatal("play settings changed")
		}
	})
}

// evening is a 16-card Preisschnapsen played through the rules up to its
// last round: Huber holds cards 1 and 2 (at most 2 per player), 13 cards
// sold (3 byes), paid in every way; 4 tables; every round a digital draw
// (P-4); Huber's cards win through to the final, which he surrenders
// (P-6); results quick, with a score sheet (B-4) or kampflos, several
// called to tables; the match for 3rd place is open at its table and the
// next draw is announced.
func evening(t *testing.T) *tournament.Tournament {
	t.Helper()
	set := settings(16)
	set.MaxCards = 2
	tr, err := tournament.New(set)
	must(t, err)
	_, cards, err := tr.SellTo(tournament.Player{Name: "Anna Huber", Club: "SV Hintertux", Phone: "+43 660 1234567"}, 2)
	must(t, err)
	must(t, tr.PayWith(cards, tournament.CardPay))
	for i := range 11 {
		_, cards, err := tr.SellTo(tournament.Player{Name: fmt.Sprintf("Spieler %d", i+1)}, 1)
		must(t, err)
		must(t, tr.PayWith(cards, tournament.PayMethods[i%3]))
	}
	must(t, tr.SetTables(4))
	at := time.Date(2026, 3, 14, 19, 0, 0, 0, time.UTC)
	for k := 1; k <= 4; k++ {
		groups, err := tr.NextDraw()
		must(t, err)
		seed := fmt.Sprint("Runde ", k)
		must(t, tr.Announce(tournament.Commitment{Seed: seed, Commitment: draw.Commit(seed)}))
		d, err := draw.Digital(groups, seed)
		must(t, err)
		must(t, tr.ApplyDraw(d))
		for i, m := range tr.Current().Matches {
			if m.Decided() {
				continue
			}
			at = at.Add(time.Minute)
			if i%2 == 0 || k == 4 {
				m, err = tr.CallFree(k, m.No, m.Version, at)
				must(t, err)
			}
			if k == 4 { // the match for 3rd place stays open at its table
				continue
			}
			must(t, tr.SetResult(k, m.No, m.Version, eveningResult(m, i, at)))
		}
	}
	must(t, tr.Announce(tournament.Commitment{Seed: "Runde 5", Commitment: draw.Commit("Runde 5")}))
	return tr
}

// eveningResult is match i's result: the lower card wins (so Huber's cards
// 1 and 2 meet in the final); every third by a score sheet, every fifth
// kampflos.
func eveningResult(m tournament.Match, i int, at time.Time) tournament.Result {
	w := min(m.A, m.B)
	switch {
	case i%5 == 4:
		return tournament.Result{Winner: w, Walkover: true, At: at}
	case i%3 == 1:
		seat := 0
		if w == m.B {
			seat = 1
		}
		var sheet []schnapsen.DealResult
		for range 2 { // two Bummerl of 3 + 3 + 1 game points for the winner
			sheet = append(sheet, schnapsen.DealResult{Winner: seat, Points: 3}, schnapsen.DealResult{Winner: seat, Points: 3},
				schnapsen.DealResult{Winner: seat, Points: 1})
		}
		return tournament.Result{Sheet: sheet, At: at}
	}
	r := m.ScoredResult(w, 2, 1)
	r.At = at
	return r
}

// storedEvening stores the evening in s; it returns it as loaded and its
// Swiss counterpart (swissPlayed), stored too.
func storedEvening(t *testing.T, s *store.Store) (preis, swiss *tournament.Tournament) {
	t.Helper()
	var out [2]*tournament.Tournament
	for i, tr := range []*tournament.Tournament{evening(t), swissPlayed(t)} {
		tr.ID = mustCreate(t, s, tr.Settings).ID
		_, err := s.Update(ctx, tr.ID, admin, "play", replaceWith(tr))
		must(t, err)
		out[i], err = s.Load(ctx, tr.ID)
		must(t, err)
	}
	return out[0], out[1]
}
