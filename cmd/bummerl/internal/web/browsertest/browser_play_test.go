package browsertest

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"bummerl/cmd/bummerl/internal/testutil"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/views"
)

// formsReady: htmx has wired up every form of the table. New content is
// in the page a moment before htmx has (its settle step); a tap in that
// moment posts the form without htmx, which works but loads the page anew.
const formsReady = `Array.from(document.querySelectorAll('#table form')).every(f => f['htmx-internal-data'] !== undefined)`

// TestBrowserPlay: two phones (two browser contexts at 390 × 844) play a
// complete deal at a digital table by tapping cards; each tap shows on
// the other phone within a second through the table's event stream; one
// phone reloads in the middle and comes back to the exact state.
func TestBrowserPlay(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	f := newFixture(t, map[string]string{"variant": "soft"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	seats := f.StartTable(f.Helper, m, "1") // seat 0 is forehand in deal 1
	var phones [2]*browserPage
	for i := range phones {
		p := newPage(t, browser, f.App)
		p.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
		p.open(seats[i].Path(""), testid("hand"))
		// htmx wires the forms up once the document is loaded; a tap
		// before that would post the form the old way.
		p.until("htmx ready", `window.htmx !== undefined && document.readyState === "complete"`)
		phones[i] = p
	}
	// The staff's page with the two QR codes, on a laptop.
	staff := newPage(t, browser, f.App)
	staff.login("Hans")
	staff.open(views.PlayAdminPath(f.ID, 1, m.No), testid("seat-0"))
	staff.until("the QR codes", `Array.from(document.querySelectorAll('.seat-link img')).every(i => i.complete && i.naturalWidth > 0)`)
	staff.shot("staff-qr")

	status := testid("status")
	seq := func(p *browserPage) int {
		return eval[int](p, `Number(document.querySelector('`+status+`').dataset.seq)`)
	}
	handOf := func(p *browserPage) string {
		return eval[string](p, `Array.from(document.querySelectorAll('[data-testid="hand-card"]')).map(e => e.dataset.card).join(" ")`)
	}
	// The phones load their live part once the stream connects; wait for both streams.
	dt, _, err := f.App.Store.TableBySeat(t.Context(), seats[0].Token)
	if err != nil {
		t.Fatal(err)
	}
	testutil.Eventually(t, "both phones hold the stream", func() bool { return f.App.Store.Subscribers(-dt.ID) == 2 })
	phones[0].shot("forehand-start")
	phones[1].shot("dealer-start")
	if got := eval[int](phones[0], `document.querySelectorAll('[data-testid="hand-card"]').length`); got != 5 {
		t.Fatalf("forehand holds %d cards", got)
	}
	if w := eval[int](phones[0], `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the table is %d px wide on a 390 px phone", w)
	}

	reloaded := false
	var slowest time.Duration
	var times []time.Duration
	for tap := 0; ; tap++ {
		if tap > 40 {
			t.Fatal("the deal does not end")
		}
		// Who is to move: the phone whose status says so.
		mover := eval[int](phones[0], `Number(document.querySelector('`+status+`').dataset.toMove)`)
		if mover < 0 {
			t.Fatal("nobody to move")
		}
		p, other := phones[mover], phones[1-mover]
		before := seq(p)
		if eval[bool](p, `document.querySelector('[data-testid="deal"]').textContent.includes("Spiel 2")`) {
			break // the first deal is over: deal 2 is dealt
		}
		legal := eval[int](p, `document.querySelectorAll('[data-testid="hand-card"][data-legal="true"]').length`)
		if legal == 0 {
			t.Fatalf("tap %d: no card to tap", tap)
		}
		if n := eval[int](other, `document.querySelectorAll('[data-testid="hand-card"][data-legal="true"], [data-testid="actions"]').length`); n != 0 {
			t.Fatalf("tap %d: the phone not to move offers %d moves", tap, n)
		}
		p.until("the table's forms wired up", formsReady)
		start := time.Now()
		p.step("tap a card", chromedp.Click(chromedp.CSS(`[data-testid="hand-card"][data-legal="true"]`)))
		want := strconv.Itoa(before + 1)
		p.until("the move shows on the phone that tapped", `document.querySelector('`+status+`').dataset.seq === "`+want+`"`)
		other.until("the move shows on the other phone", `document.querySelector('`+status+`').dataset.seq === "`+want+`"`)
		// The phone whose turn it is says so in its title.
		for _, ph := range phones {
			ph.until("the title tells whose turn", `document.title.startsWith("▶ ") === (document.querySelector('`+status+`').dataset.toMove === document.querySelector('`+status+`').dataset.seat)`)
		}
		d := time.Since(start)
		times = append(times, d)
		slowest = max(slowest, d)
		if tap == 5 {
			p.shot("trick")
			other.shot("trick-other")
		}
		if tap == 7 && !reloaded {
			// A phone locked, reloaded or back on the Wi-Fi: the exact state.
			hand, s := handOf(other), seq(other)
			other.step("reload", chromedp.Reload())
			other.step("wait", chromedp.WaitVisible(chromedp.CSS(testid("hand"))))
			other.until("htmx ready", `window.htmx !== undefined && document.readyState === "complete"`)
			if handOf(other) != hand || seq(other) != s {
				t.Fatalf("after the reload: hand %q seq %d, before %q %d", handOf(other), seq(other), hand, s)
			}
			testutil.Eventually(t, "the reloaded phone holds the stream again", func() bool { return f.App.Store.Subscribers(-dt.ID) == 2 })
			other.shot("reloaded")
			reloaded = true
		}
	}
	// Reported, not asserted: a timing bet fails on a loaded machine, and
	// what is asserted above (both phones show every move) is what breaks.
	slices.Sort(times)
	t.Logf("a move showed on both phones in %v (median), %v (slowest)", times[len(times)/2], slowest)
	for i, p := range phones {
		p.until("deal 2 on both phones", `document.querySelector('[data-testid="previous"]') !== null`)
		prev := p.text(testid("previous"))
		if !strings.Contains(prev, "Spiel 1:") {
			t.Errorf("phone %d: previous deal %q", i, prev)
		}
		p.shot("deal-2")
	}
	// The Wi-Fi drops: both streams are cut, and a move is made (from the
	// seat's link on another device) before the phones are back. On
	// reconnecting (EventSource, 1 s) they show it.
	for _, p := range phones {
		p.allow("ERR_INCOMPLETE_CHUNKED_ENCODING " + f.App.Srv.URL + "/play/")
	}
	f.App.Srv.CloseClientConnections()
	st, _ := seats[0].State(t)
	mover := seats[st.ToMove]
	ms, _ := mover.State(t)
	mv := ms.Legal[0]
	mv.ID = views.MoveID(ms.Seq, ms.Seat, mv)
	if r := mover.Move(ms.Seq, mv); r.Status != http.StatusOK {
		t.Fatalf("move while the phones are off: %d", r.Status)
	}
	for _, p := range phones {
		p.until("the phone back with the move", `document.querySelector('`+status+`').dataset.seq === "`+strconv.Itoa(ms.Seq+1)+`"`)
	}
	phones[0].shot("after-wifi")
	// The staff step through the deal played, both hands open.
	staff.open(views.PlayTablePath(f.ID, dt.ID, "/replay?deal=1&step=6"), testid("replay"))
	staff.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	staff.shot("replay")
	staff.navigate("next step", chromedp.Click(chromedp.CSS(testid("replay-next"))))
	if got := eval[string](staff, `document.querySelector('[data-testid="replay"]').dataset.step`); got != "7" {
		t.Errorf("after next: step %s", got)
	}
	// The deal's result is in the table's record.
	rec := f.Helper.Get(views.PlayTablePath(f.ID, dt.ID, "/record.json"))
	webtest.MustContain(t, rec.Body, `"deal":1`, `"seed":"`)
	t.Logf("moves shown on both phones: median %v, slowest %v", times[len(times)/2], slowest)
}

// TestBrowserPlayMatch: two phones play a whole match of Sechsundsechzig
// in Chromium, tapping any button the table offers (cards, 20/40,
// exchange, close, "Genug!"), until the result is in the tournament: the
// referee's verdict on the table's match record. One Bummerl: every deal
// is the same page, and matches of two and three Bummerl are played
// through the same table over HTTP (TestPlayMatches), at a fraction of
// the suite's time.
func TestBrowserPlayMatch(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	f := newFixture(t, map[string]string{"variant": "sixty-six", "bummerl_to_win": "1"}, 1, 1, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	m := f.FirstPlayable(1)
	seats := f.StartTable(f.Helper, m, "draw")
	var phones [2]*browserPage
	for i := range phones {
		p := newPage(t, browser, f.App)
		p.step("phone size", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
		p.open(seats[i].Path(""), testid("hand"))
		p.until("htmx ready", `window.htmx !== undefined && document.readyState === "complete"`)
		phones[i] = p
	}
	status := testid("status")
	// Buttons a player may tap: the legal cards and the actions (not resigning).
	const buttons = `Array.from(document.querySelectorAll('[data-testid="hand-card"][data-legal="true"], [data-testid="actions"] button'))`
	// The table as the phone to move shows it, read in one step; the
	// button a tap takes is number tap*7 mod the buttons: cards, and now
	// and then an action.
	type table struct {
		Final       bool
		Mover, Seq  int
		Buttons     int
		AsksConfirm bool
	}
	read := func(p *browserPage, tap int) table {
		return eval[table](p, `(() => {
			const s = document.querySelector('`+status+`'), b = `+buttons+`;
			return {
				Final: document.querySelector('[data-testid="final"]') !== null,
				Mover: Number(s.dataset.toMove), Seq: Number(s.dataset.seq), Buttons: b.length,
				AsksConfirm: b.length > 0 && b[(`+strconv.Itoa(tap)+`*7) % b.length].closest("form").hasAttribute("hx-confirm"),
			};
		})()`)
	}
	for tap := 0; ; tap++ {
		if tap > 600 {
			t.Fatal("the match does not end")
		}
		st := read(phones[0], tap)
		if st.Final {
			break
		}
		p, other := phones[st.Mover], phones[1-st.Mover]
		p.until("the table's forms wired up", formsReady)
		if st.Mover != 0 {
			st = read(p, tap)
		}
		if st.Buttons == 0 {
			t.Fatalf("tap %d: nothing to tap", tap)
		}
		tapIt := chromedp.Evaluate[chromedp.Void](buttons + `[` + strconv.Itoa((tap*7)%st.Buttons) + `].click()`)
		if st.AsksConfirm {
			p.confirmStep("tap Genug!", "Du hast erst ", tapIt) // under 66 it asks first (issue 23): OK
		} else {
			p.step("tap", tapIt)
		}
		want := strconv.Itoa(st.Seq + 1)
		p.until("the move on this phone", `document.querySelector('`+status+`').dataset.seq === "`+want+`"`)
		other.until("the move on the other phone", `document.querySelector('`+status+`').dataset.seq === "`+want+`"`)
	}
	for i, p := range phones {
		p.until("the end on both phones", `document.querySelector('[data-testid="final"]') !== null`)
		p.shot("final-" + strconv.Itoa(i))
	}
	webtest.CheckRecorded(t, f, m, seats[0])
}
