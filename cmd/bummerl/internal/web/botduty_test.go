package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/domain/schnapsen"
	"bummerl/domain/table"
)

// TestBotGivesWay (issue 25: "the practice table adds no measurable
// latency to tournament pages"): while a request of the tournament is
// being served the bot makes no move, and it moves once the request is
// answered, while the game's stream stays open. Requests of practice
// and the open streams do not hold it.
// No clock: the test waits until the bot is waiting for quiet.
func TestBotGivesWay(t *testing.T) {
	app := newTestAppConfig(t, quickBot)
	s := serverOf(app)
	s.practice.bots.giveWay = time.Hour // never think beside a request here

	// A tournament's request held in flight: the referee's API reading
	// a body that has not arrived yet.
	body, send := io.Pipe()
	answered := make(chan int)
	go func() {
		req := httptest.NewRequest(http.MethodPost, "/api/referee", body)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		echoOf(app).ServeHTTP(rec, req)
		answered <- rec.Code
	}()
	testutil.Eventually(t, "the request is counted", s.work.serving)

	// The practice player's own requests are not the tournament's.
	if r := app.Client().Get("/practice"); r.Status != http.StatusOK {
		t.Fatalf("GET /practice: %d", r.Status)
	}

	// A game the bot leads: the dealer (seat 0) gives, forehand (the bot) leads.
	g, err := startGame(s.practice, "192.0.2.1", "gives-way-practice-game-xx", table.Config{Variant: schnapsen.Soft,
		Closing: schnapsen.AtClose, BummerlToWin: 1, Seed: "gives way", FirstDealer: 0})
	if err != nil {
		t.Fatal(err)
	}
	changes, unsubscribe := g.subscribe()
	defer unsubscribe()
	seq := func() int {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.m.Seq()
	}
	if g.m.ToMove() != botSeat {
		t.Fatalf("the bot should lead: %d to move", g.m.ToMove())
	}
	testutil.Eventually(t, "the bot waits for quiet", func() bool {
		if seq() != 0 {
			t.Fatal("the bot moved while a tournament request was being served")
		}
		return s.work.waiters() == 1
	})
	if seq() != 0 || !s.work.serving() {
		t.Fatalf("moves %d, serving %v: want none while the request is served", seq(), s.work.serving())
	}

	// The request is answered; the bot moves, though the game's stream
	// stays open (streams are not counted).
	streamCtx, closeStream := context.WithCancel(t.Context())
	defer closeStream()
	go echoOf(app).ServeHTTP(httptest.NewRecorder(),
		httptest.NewRequest(http.MethodGet, practicePrefix+g.token+"/events", nil).WithContext(streamCtx))
	testutil.Eventually(t, "the stream listens", func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		return len(g.subs) == 2 // the test's and the stream's
	})
	if _, err := send.Write([]byte("{}")); err != nil {
		t.Fatal(err)
	}
	send.Close()
	if code := <-answered; code == 0 {
		t.Fatal("no answer")
	}
	testutil.Eventually(t, "the bot moves once the request is answered", func() bool { return seq() > 0 })
	<-changes
	if s.work.serving() {
		t.Fatal("a request still counted")
	}
}
