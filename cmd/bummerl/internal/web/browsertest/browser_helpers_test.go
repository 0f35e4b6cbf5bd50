package browsertest

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"bummerl/cmd/bummerl/internal/web"
	"bummerl/cmd/bummerl/internal/web/webtest"
	"bummerl/domain/tournament"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// newTestApp starts the web app on an empty database (webtest.App).
func newTestApp(t testing.TB) *webtest.App { return newTestAppConfig(t, nil) }

// newTestAppConfig is newTestApp with a changed server configuration.
func newTestAppConfig(t testing.TB, change func(*web.Config)) *webtest.App {
	t.Helper()
	return webtest.NewApp(t, func(env webtest.Env) (http.Handler, any) {
		cfg := web.Config{BaseURL: env.BaseURL, Log: env.Log, Now: env.Now, Rand: env.Rand}
		if change != nil {
			change(&cfg)
		}
		return web.New(env.Store, cfg)
	})
}

// newFixture is webtest.NewFixture on a new app.
func newFixture(t *testing.T, settings map[string]string, counts ...int) webtest.Fixture {
	t.Helper()
	return webtest.NewFixture(t, newTestApp(t), settings, counts...)
}

// chromiumPath is the browser the tests drive: BUMMERL_CHROMIUM (e.g. a
// missing one to see the skip), else Debian's chromium-headless-shell,
// else Debian's chromium. The shell is Chromium's own headless build (the
// same Blink and the same version, without the desktop browser's window
// compositor), what Puppeteer and Playwright run headless: it takes half
// the processor time of the full browser for the same tests, which on
// two cores is most of the suite (docs/performance.md). .ci/run installs
// it.
var chromiumPath = cmp.Or(os.Getenv("BUMMERL_CHROMIUM"), defaultChromium())

func defaultChromium() string {
	const shell = "/usr/bin/chromium-headless-shell"
	if _, err := os.Stat(shell); err == nil {
		return shell
	}
	return "/usr/bin/chromium"
}

// stepTimeout bounds one browser step, so a missing element fails the
// test with its selector instead of hanging until go test's deadline.
const stepTimeout = 10 * time.Second

// keyStepTimeout bounds a step that types many keys (each is a round trip
// to Chromium), e.g. a queue of buyers typed in one go.
const keyStepTimeout = 30 * time.Second

// startBrowser is the headless Chromium the browser tests share: started
// by the first of them, closed when the package's tests end (TestMain,
// stopBrowser). Each page opens in a browser context of its own
// (newPage), so tests share no cookies. Without Chromium the test is
// skipped locally, but fails under CI=true, where the browser must be
// installed.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	if _, err := exec.LookPath(chromiumPath); err != nil {
		msg := "BROWSER TESTS NOT RUN: " + chromiumPath + " is missing (apt-get install chromium-headless-shell)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		browserSkipped.Add(1) // TestMain prints the summary
		t.Skip(msg)
	}
	shared.once.Do(func() { shared.ctx, shared.err = launchBrowser() })
	if shared.err != nil {
		t.Fatalf("start %s: %v", chromiumPath, shared.err)
	}
	return shared.ctx
}

// shared is the one Chromium of the package's tests (startBrowser).
var shared struct {
	once sync.Once
	ctx  context.Context
	err  error
	stop func()
}

func launchBrowser() (context.Context, error) {
	dir, err := os.MkdirTemp("", "bummerl-chromium")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-sync", true),
		// The app's first language; English is one click away.
		chromedp.Flag("lang", "de-AT"),
		chromedp.Flag("accept-lang", "de-AT,de"),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 900),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	shared.stop = func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(dir)
	}
	if err := chromedp.Do(ctx); err != nil { // starts the browser, no timeout
		shared.stop()
		return nil, err
	}
	return ctx, nil
}

// stopBrowser closes the shared Chromium, if it was started.
func stopBrowser() {
	if shared.stop != nil {
		shared.stop()
	}
}

// browserPage is one tab in its own browser context (own cookies) on a test
// app. It records what a user would notice: JavaScript dialogs, uncaught
// exceptions and console errors (such as Content-Security-Policy refusals).
type browserPage struct {
	t     *testing.T
	ctx   context.Context
	app   *webtest.App
	shots int

	mu       sync.Mutex
	dialogs  []string // unexpected ones: each fails the test
	problems []string
	allowed  []string // problems containing one of these are expected (allow)
	confirm  string   // the next confirm dialog containing this is accepted; "" for none
}

// newPage opens a tab for t on app. At the end of t it fails on any
// JavaScript dialog, exception or console error seen on the way.
func newPage(t *testing.T, browser context.Context, app *webtest.App) *browserPage {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // opens the tab, no timeout
		t.Fatal(err)
	}
	p := &browserPage{t: t, ctx: ctx, app: app}
	p.clearArtifacts()
	err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *page.EventJavascriptDialogOpening:
			expected := ev.Type == page.DialogTypeConfirm && p.confirm != "" && strings.Contains(ev.Message, p.confirm)
			if expected {
				p.confirm = ""
			} else {
				p.dialogs = append(p.dialogs, string(ev.Type)+": "+ev.Message)
			}
			// Answer from another goroutine: the listener must not call.
			// An expected confirm is accepted, anything else dismissed.
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: expected})
		case *runtime.EventExceptionThrown:
			p.problems = append(p.problems, "exception: "+ev.ExceptionDetails.Text+" "+exceptionDescription(ev.ExceptionDetails))
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				p.problems = append(p.problems, "console."+string(ev.Type)+": "+consoleArgs(ev.Args))
			}
		case *log.EventEntryAdded:
			// The browser's own messages: CSP refusals, failed loads. HTTP
			// error statuses are the tests' business (navigate checks them).
			httpStatus := ev.Entry.Source == log.EntrySourceNetwork && strings.Contains(ev.Entry.Text, "responded with a status")
			if (ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning) && !httpStatus {
				p.problems = append(p.problems, string(ev.Entry.Source)+" "+string(ev.Entry.Level)+": "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, d := range p.dialogs {
			t.Errorf("JavaScript dialog opened: %s", d)
		}
		if p.confirm != "" {
			t.Errorf("no confirm dialog asked %q", p.confirm)
		}
	problems:
		for _, pr := range p.problems {
			for _, a := range p.allowed {
				if strings.Contains(pr, a) {
					continue problems
				}
			}
			t.Errorf("browser reported %s", pr)
		}
	})
	return p
}

func exceptionDescription(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return ""
}

func consoleArgs(args []*runtime.RemoteObject) string {
	parts := make([]string, 0, len(args))
	for _, a := range args {
		if a.Description != "" {
			parts = append(parts, a.Description)
		} else {
			parts = append(parts, string(a.Value))
		}
	}
	return strings.Join(parts, " ")
}

// allow makes the browser's problems containing text expected: a step
// that drops a connection on purpose makes the browser report it.
func (p *browserPage) allow(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.allowed = append(p.allowed, text)
}

// dialogCount is the number of JavaScript dialogs opened so far.
func (p *browserPage) dialogCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.dialogs)
}

// confirmStep runs actions that open a confirm dialog containing want and
// accepts it, as a user answering OK. Every other dialog still fails the
// test, and so does a step that asks nothing.
func (p *browserPage) confirmStep(what, want string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	p.mu.Lock()
	p.confirm = want
	p.mu.Unlock()
	p.step(what, actions...)
}

// step runs actions with a time limit, failing the test with what went wrong.
func (p *browserPage) step(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	p.stepWithin(what, stepTimeout, actions...)
}

// stepWithin is step with a bound of its own, for the pages that take
// long on a busy machine (a print sheet of 256 cards).
func (p *browserPage) stepWithin(what string, limit time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, limit)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.screenshot("failed")
		p.t.Fatalf("%s: %v", what, err)
	}
}

// runStep runs one action that returns a value, with the same time limit.
func runStep[T any](p *browserPage, what string, a chromedp.Action[T]) T {
	p.t.Helper()
	return runStepWithin(p, what, a, stepTimeout)
}

// runStepWithin is runStep with a bound of its own, for the steps that
// take long on a busy machine (a PDF of 64 score sheets).
func runStepWithin[T any](p *browserPage, what string, a chromedp.Action[T], limit time.Duration) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, limit)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		p.screenshot("failed")
		p.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](p *browserPage, expr string) T {
	p.t.Helper()
	return runStep(p, expr, chromedp.Evaluate[T](expr))
}

// open loads path of the app and waits until sel is visible.
func (p *browserPage) open(path, sel string) {
	p.t.Helper()
	p.step("open "+path, chromedp.Navigate(p.app.Srv.URL+path), chromedp.WaitVisible(chromedp.CSS(sel)))
}

// navigate runs actions that load a new page (a form post, a link) and waits
// for that page, which must not be an error.
func (p *browserPage) navigate(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if status := p.navigateStatus(what, actions...); status >= 400 {
		p.screenshot("failed")
		p.t.Fatalf("%s: status %d", what, status)
	}
}

// navigateStatus is navigate for pages that may be refused; it returns the
// HTTP status of the new page.
func (p *browserPage) navigateStatus(what string, actions ...chromedp.Action[chromedp.Void]) int64 {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	resp, err := chromedp.RunResponse(ctx, actions...)
	if err != nil {
		p.screenshot("failed")
		p.t.Fatalf("%s: %v", what, err)
	}
	return resp.Status
}

// text is the visible text of the first element matching sel.
func (p *browserPage) text(sel string) string {
	p.t.Helper()
	return strings.TrimSpace(runStep(p, "text of "+sel, chromedp.Text(chromedp.CSS(sel))))
}

// testid is the CSS selector of the element with data-testid id.
func testid(id string) string { return `[data-testid="` + id + `"]` }

// login logs in through the login form as one of the app's accounts
// (password: name + "-password", see testApp.addUser).
func (p *browserPage) login(name string) {
	p.t.Helper()
	p.open("/login", testid("login-form"))
	p.navigate("log in",
		chromedp.SendKeys(chromedp.ID("f-name"), name),
		chromedp.SendKeys(chromedp.ID("f-password"), name+"-password"+"\r"),
	)
	if who := p.text(testid("whoami")); who != name {
		p.t.Fatalf("logged in as %q, want %q", who, name)
	}
}

// shotsWanted: the steps' screenshots are taken only when BUMMERL_SHOTS
// is set (to look at the pages, docs/web.md); a full-page PNG costs
// Chromium more processor time than most steps, and the suite ran CPU-bound
// on them. A failing step is always shot.
var shotsWanted = os.Getenv("BUMMERL_SHOTS") != ""

// shot saves a full-page screenshot of the step as a test artefact when
// screenshots are wanted (shotsWanted).
func (p *browserPage) shot(step string) {
	p.t.Helper()
	if shotsWanted {
		p.screenshot(step)
	}
}

// viewShot saves what the window shows (a long page's full screenshot
// takes longer than a step may).
func (p *browserPage) viewShot(step string) {
	p.t.Helper()
	if !shotsWanted {
		return
	}
	png := runStep(p, "screenshot "+step, chromedp.CaptureScreenshot())
	p.shots++
	p.save(fmt.Sprintf("%02d-%s.png", p.shots, step), png)
}

// screenshot saves a full-page screenshot as a test artefact named after
// the test, a running number and the step.
func (p *browserPage) screenshot(step string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, stepTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Errorf("screenshot %s: %v", step, err)
		return
	}
	p.shots++
	p.save(fmt.Sprintf("%02d-%s.png", p.shots, step), png)
}

// save writes an artefact file for this test.
func (p *browserPage) save(name string, data []byte) {
	p.t.Helper()
	file := filepath.Join(artifactsDir(p.t), artifactName(p.t.Name()+"-"+name))
	if err := os.WriteFile(file, data, 0o644); err != nil {
		p.t.Errorf("save artefact: %v", err)
	}
}

// clearArtifacts removes this test's artefacts of an earlier run, so the
// directory shows only what the last run saw.
func (p *browserPage) clearArtifacts() {
	p.t.Helper()
	old, _ := filepath.Glob(filepath.Join(artifactsDir(p.t), artifactName(p.t.Name())+"-*"))
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			p.t.Errorf("remove old artefact: %v", err)
		}
	}
}

// artifactsDir is $BUMMERL_ARTIFACTS, else testdata/artifacts (gitignored).
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BUMMERL_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("testdata", "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artefacts directory: %v", err)
	}
	return dir
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// artifactName turns a name like "TestBrowser/sale_desk-01-entry cards.png"
// into a file name.
func artifactName(name string) string {
	return unsafeName.ReplaceAllString(strings.ReplaceAll(name, "/", "-"), "_")
}

// emulateMedia switches CSS between "screen" and "print".
func emulateMedia(media string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	})
}

// until waits until the JavaScript expression is true, e.g. after an htmx
// swap, and fails with what was awaited. It also waits for htmx to settle:
// htmx wires up swapped-in content only then (about 20 ms later), and a
// click before that would submit a form the old way.
func (p *browserPage) until(what, expr string) {
	p.t.Helper()
	expr = "(" + expr + `) && !document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling")`
	runStep(p, "wait for "+what, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(stepTimeout)))
}

// pdfPages counts the pages of a PDF as Chromium writes it (uncompressed
// page objects).
func pdfPages(pdf []byte) int {
	return len(pdfPage.FindAll(pdf, -1))
}

var pdfPage = regexp.MustCompile(`/Type\s*/Page\b[^s]`)

// inParallel runs a browser test's subtest beside the other tests: each
// makes its own app and opens its own tab, and mostly waits on Chromium.
func inParallel(browser context.Context, fn func(*testing.T, context.Context)) func(*testing.T) {
	return func(t *testing.T) {
		t.Parallel()
		fn(t, browser)
	}
}

// holder is the name of the player who holds card no.
func holder(tr *tournament.Tournament, no tournament.CardNo) string {
	c, _ := tr.Card(no)
	return player(tr, c.Player)
}

// player is the name of player id.
func player(tr *tournament.Tournament, id tournament.PlayerID) string {
	p, _ := tr.Player(id)
	return p.Name
}
