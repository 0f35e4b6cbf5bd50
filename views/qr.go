package views

import (
	"strconv"
	"strings"

	"github.com/skip2/go-qrcode"
)

// qrPath draws the QR code of url as one SVG path of dark runs, a row at
// a time, with its quiet zone; size is the side in modules. Each run is a
// line of width 1 through the middle of its row (the path is stroked, see
// qrCode), written relative to the run before it in the row: a code is
// then about 2 KB, a sheet of 256 cards well under a megabyte. The entry
// cards carry it inline: a sheet of 256 cards is one request instead of
// 257, prints as sharp as the printer can, and never waits on the server
// while the desk is busy (the PNG route encodes 2 ms a card).
func qrPath(url string) (size int, d string) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return 0, "" // a card address is never too long (cardURL bounds the host)
	}
	bits := q.Bitmap()
	var b strings.Builder
	for y, row := range bits {
		end := -1 // where the row's last run ended; -1: none yet
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			w := 1
			for x+w < len(row) && row[x+w] {
				w++
			}
			if end < 0 {
				b.WriteString("M" + strconv.Itoa(x) + " " + strconv.Itoa(y) + ".5")
			} else {
				b.WriteString("m" + strconv.Itoa(x-end) + " 0")
			}
			b.WriteString("h" + strconv.Itoa(w))
			x += w
			end = x
		}
	}
	return len(bits), b.String()
}
