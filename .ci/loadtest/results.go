package main

import (
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runResults is the write load of issue 13 (docs/performance.md,
// "PostgreSQL and SQLite"): tournaments tournaments of cards cards each,
// drawn, then helpers helpers per tournament entering the results of
// round 1 at once, each as fast as the server answers him.
//
// readers phones meanwhile load player's pages (/t/T/card/C, every card
// of every tournament in turn) as fast as they are answered: the pages
// change with every result, so most of them are drawn afresh from the
// store rather than from the page cache.
func runResults(tournaments, helpers, readers, cards int, bin, db string) error {
	users := map[string]string{"anna": "organiser"}
	for k := range helpers {
		users["helfer"+strconv.Itoa(k+1)] = "helper"
	}
	srvs, err := startServers(bin, db, 1, users)
	if err != nil {
		return err
	}
	srv := srvs[0]
	defer srv.stop()
	h := &harness{base: srv.base}

	fmt.Printf("setting up %d tournaments of %d cards …\n", tournaments, cards)
	org, err := h.login("anna")
	if err != nil {
		return err
	}
	open := make([][]match, tournaments)
	for i := range open {
		if open[i], err = h.setup(org, i+1, cards); err != nil {
			return err
		}
	}
	// Every helper has a session of his own, as on his phone; helper k of
	// each tournament takes its matches k, k+helpers, …
	type work struct {
		c          *client
		tournament int
		matches    []match
	}
	var all []work
	for i, ms := range open {
		for k := range helpers {
			c, err := h.login("helfer" + strconv.Itoa(k+1))
			if err != nil {
				return err
			}
			w := work{c: c, tournament: i + 1}
			for j := k; j < len(ms); j += helpers {
				w.matches = append(w.matches, ms[j])
			}
			all = append(all, w)
		}
	}

	fmt.Printf("%d helpers enter %d results at once, %d phones load player's pages …\n", len(all), total(open), readers)
	start := time.Now()
	done := make(chan struct{})
	var phones sync.WaitGroup
	for r := range readers {
		phones.Go(func() {
			for i := r; ; i += readers {
				select {
				case <-done:
					return
				default:
				}
				path := fmt.Sprintf("/t/%d/card/%d", i%tournaments+1, i/tournaments%cards+1)
				t0 := time.Now()
				if err := h.page(path); err != nil {
					h.errs.add("player's page", err)
					continue
				}
				h.loads.add(time.Since(t0))
			}
		})
	}
	var wg sync.WaitGroup
	for _, w := range all {
		wg.Go(func() {
			base := "/api/tournaments/" + strconv.Itoa(w.tournament) + "/rounds/1/matches/"
			for _, m := range w.matches {
				t0 := time.Now()
				if _, err := w.c.api(http.MethodPut, base+strconv.Itoa(m.No)+"/result",
					map[string]any{"version": m.Version, "winner": m.A, "bummerl": []int{2, 1}}, nil); err != nil {
					h.errs.add("result", err)
					continue
				}
				h.saves.add(time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(done)
	phones.Wait()
	saved, loaded := len(h.saves.d), len(h.loads.d)

	// Every result must be there: the rounds are complete.
	for i := range open {
		var round struct {
			Complete bool `json:"complete"`
		}
		if _, err := org.api(http.MethodGet, "/api/tournaments/"+strconv.Itoa(i+1)+"/rounds/1", nil, &round); err != nil || !round.Complete {
			h.errs.add("round incomplete", fmt.Errorf("tournament %d: round 1 is not complete (%v)", i+1, err))
		}
	}

	fmt.Println()
	fmt.Printf("store                    %s\n", storeName(db))
	fmt.Printf("machine                  %d cores (GOMAXPROCS)\n", runtime.GOMAXPROCS(0))
	fmt.Printf("results saved            %d in %v: %.0f results/s\n", saved, elapsed.Round(time.Millisecond), float64(saved)/elapsed.Seconds())
	fmt.Printf("PUT result               %s\n", h.saves.summary())
	if readers > 0 {
		fmt.Printf("player's pages           %d meanwhile: %.0f pages/s\n", loaded, float64(loaded)/elapsed.Seconds())
		fmt.Printf("GET player's page        %s\n", h.loads.summary())
	}
	fmt.Printf("errors                   %d\n", h.errs.total())
	for k, n := range h.errs.kinds {
		fmt.Printf("   %-22s %d, first: %s\n", k, n, h.errs.first[k])
	}
	return nil
}

func total(open [][]match) int {
	n := 0
	for _, ms := range open {
		n += len(ms)
	}
	return n
}

// storeName says which store the server ran on, without a password.
func storeName(db string) string {
	if db == "" {
		return "SQLite (a throwaway file)"
	}
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return "PostgreSQL"
	}
	return "SQLite " + db
}

// page loads a page as a phone does (gzip) and reads it whole.
func (h *harness) page(path string) error {
	req, _ := http.NewRequest(http.MethodGet, h.base+path, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", path, resp.StatusCode)
	}
	return nil
}
