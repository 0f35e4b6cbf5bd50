package browsertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"bummerl/store"
)

// TestBrowserImport uploads an exported tournament through the import form
// in headless Chromium (issue 13): the organiser goes from the tournaments
// page to the form, picks the file, lands on the imported tournament; the
// same file again is refused with a link to the tournament already there.
func TestBrowserImport(t *testing.T) {
	t.Parallel() // waits on Chromium mostly: the others run meanwhile
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	f := newFixture(t, nil, 2, 1, 1, 1, 1, 1, 1)
	f.DrawDigital()
	f.FinishRound(1)
	file := filepath.Join(t.TempDir(), "abend.json")
	if err := os.WriteFile(file, []byte(f.Org.Get(f.Path+"/export.json").Body), 0o600); err != nil {
		t.Fatal(err)
	}

	server := newTestApp(t)
	server.AddUser("Vera", store.Organiser)
	p := newPage(t, startBrowser(t), server)
	p.login("Vera")
	p.open("/tournaments", testid("import"))
	p.navigate("open the import form", chromedp.Click(chromedp.CSS(testid("import"))), chromedp.WaitVisible(chromedp.CSS(testid("import-form"))))
	upload := func() int64 {
		p.step("choose the file", chromedp.SetUploadFiles(chromedp.ID("f-file"), []string{file}))
		return p.navigateStatus("import", chromedp.Click(chromedp.CSS(testid("import-submit"))))
	}
	if status := upload(); status != 200 {
		t.Fatalf("import: status %d", status)
	}
	if name := p.text(testid("tournament-name")); name != "Preisschnapsen Hinterbrühl" {
		t.Fatalf("after the import: %q", name)
	}

	p.open("/tournaments/import", testid("import-form"))
	if status := upload(); status != 409 {
		t.Fatalf("second import: status %d", status)
	}
	if msg := p.text(testid("import-error")); msg != "Dieses Turnier ist schon da: Turnier 1 „Preisschnapsen Hinterbrühl“; nichts wurde importiert\n\nZum vorhandenen Turnier" {
		t.Errorf("second import: %q", msg)
	}
	p.navigate("to the tournament there", chromedp.Click(chromedp.CSS(testid("import-existing"))), chromedp.WaitVisible(chromedp.CSS(testid("tournament-name"))))
	p.shot("imported")

	// Issue 24 point 5: another club's evening with the same players'
	// names asks about each; the organiser makes card 1's player a new
	// person by keyboard (Tab to the choice, arrow down) and imports.
	other := newFixture(t, map[string]string{"name": "Preisschnapsen Strasshof"}, 2, 1, 1, 1, 1, 1, 1)
	other.DrawDigital()
	other.FinishRound(1)
	if err := os.WriteFile(file, []byte(other.Org.Get(other.Path+"/export.json").Body), 0o600); err != nil {
		t.Fatal(err)
	}
	p.open("/tournaments/import", testid("import-form"))
	if status := upload(); status != 200 {
		t.Fatalf("import asking: status %d", status)
	}
	p.step("wait for the question", chromedp.WaitVisible(chromedp.CSS(testid("import-confirm-form"))))
	p.shot("asked")
	p.step("choose a new person for Spieler 1", chromedp.Focus(chromedp.CSS(`input[name="person-1"][checked]`)),
		chromedp.KeyEvent(kb.ArrowDown))
	p.until("the new person is chosen", `document.querySelector('input[name="person-1"][value="new"]').checked`)
	if status := p.navigateStatus("import", chromedp.Click(chromedp.CSS(testid("import-confirm")))); status != 200 {
		t.Fatalf("confirmed import: status %d", status)
	}
	if name := p.text(testid("tournament-name")); name != "Preisschnapsen Strasshof" {
		t.Fatalf("after the confirmed import: %q", name)
	}
	p.open("/persons?q=spieler+1", testid("persons"))
	if got := p.text(testid("persons")); !strings.Contains(got, "Spieler 1 (Preisschnapsen Strasshof)") {
		t.Errorf("register after the import: %q", got)
	}
}
