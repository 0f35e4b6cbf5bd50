package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"

	"bummerl/store"
)

// TestBrowserUsersPhone: the users page on a 390 px phone shows each user
// as a card within the screen; the remove button of a user with a long
// name ran off its right edge.
func TestBrowserUsersPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("browser tests skipped with -short")
	}
	browser := startBrowser(t)
	app := newTestApp(t)
	app.AddUser("Anna", store.Organiser)
	app.AddUser("Hans Helfer-Mustermann", store.Helper)
	p := newPage(t, browser, app)
	p.login("Anna")
	p.step("phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	p.open("/users", testid("users"))
	p.shot("users-390")
	p.fitsScreen(390)
}
