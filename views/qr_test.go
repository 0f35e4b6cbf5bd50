package views

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"
)

// The inline QR code of an entry card is the encoder's bitmap, module for
// module: the path, drawn back into a grid, gives every dark module and
// no other.
func TestQRPathIsTheBitmap(t *testing.T) {
	for _, url := range []string{
		"http://bummerl.test/t/1/card/1",
		"https://schnapsen.feuerwehr-ort.at/t/12/card/256",
		"http://192.168.178.20:8080/t/3/card/17",
	} {
		size, d := qrPath(url)
		q, err := qrcode.New(url, qrcode.Medium)
		if err != nil {
			t.Fatal(err)
		}
		want := q.Bitmap()
		if size != len(want) {
			t.Fatalf("%s: size %d, want %d", url, size, len(want))
		}
		got := make([][]bool, size)
		for y := range got {
			got[y] = make([]bool, size)
		}
		for _, run := range strings.Split(strings.TrimSuffix(d, "z"), "z") {
			var x, y, w, back int
			if _, err := fmt.Sscanf(run, "M%d %dh%dv1h-%d", &x, &y, &w, &back); err != nil || back != w {
				t.Fatalf("%s: run %q: %v", url, run, err)
			}
			for i := x; i < x+w; i++ {
				if got[y][i] {
					t.Fatalf("%s: module %d,%d drawn twice", url, i, y)
				}
				got[y][i] = true
			}
		}
		for y := range want {
			for x := range want[y] {
				if got[y][x] != want[y][x] {
					t.Fatalf("%s: module %d,%d is %v, want %v", url, x, y, got[y][x], want[y][x])
				}
			}
		}
	}
}
