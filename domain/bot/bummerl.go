package bot

// The bot plays for the Bummerl, not for game points: a deal's result is
// worth the chance to win the Bummerl after it (B-1). With 6:5 the single
// point that ends it is worth as much as three; at 0:6 a safe point is
// worth less than a chance of three.

// dealOdds are the chances that one of two equal players wins a deal by
// 1, 2 or 3 game points (each player wins half the deals): in 300 deals
// of the bot against itself 56 %, 23 % and 22 % of the deals (docs/bot.md).
var dealOdds = [3]float64{0.278, 0.113, 0.108}

// bummerlOdds[a][b] is the chance to win the Bummerl with a game points
// against b, both below BummerlTarget, between equal players.
var bummerlOdds = func() (w [BummerlTarget][BummerlTarget]float64) {
	total := 0.0
	for _, q := range dealOdds {
		total += 2 * q
	}
	for a := BummerlTarget - 1; a >= 0; a-- {
		for b := BummerlTarget - 1; b >= 0; b-- {
			for k, q := range dealOdds {
				q /= total
				if a+k+1 >= BummerlTarget {
					w[a][b] += q
				} else {
					w[a][b] += q * w[a+k+1][b]
				}
				if b+k+1 < BummerlTarget {
					w[a][b] += q * w[a][b+k+1]
				}
			}
		}
	}
	return
}()

// bummerlChance is the chance that seat me wins the Bummerl after a deal
// with result r (the winner's game points, positive for seat 0) from the
// running score game (by deal seat). Scores at or beyond the target, as
// an impossible view may give, count as won.
func bummerlChance(game [2]int, me uint8, r int8) float64 {
	a, b := clampScore(game[me]), clampScore(game[1-me])
	g := int(r)
	if me == 1 {
		g = -g
	}
	if g > 0 {
		if a+g >= BummerlTarget {
			return 1
		}
		return bummerlOdds[a+g][b]
	}
	if b-g >= BummerlTarget {
		return 0
	}
	return bummerlOdds[a][b-g]
}

func clampScore(n int) int { return max(0, min(n, BummerlTarget-1)) }
