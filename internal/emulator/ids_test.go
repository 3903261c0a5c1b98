package emulator

import "testing"

func TestNewID(t *testing.T) {
	w := newWorld()
	if got := w.newID("a", 100); got != 100 {
		t.Errorf("first id of a = %d, want 100", got)
	}
	if got := w.newID("a", 100); got != 101 {
		t.Errorf("second id of a = %d, want 101", got)
	}
	if got := w.newID("b", 5); got != 5 {
		t.Errorf("first id of b = %d, want 5: kinds count apart", got)
	}
	if got := w.newID("a", 100); got != 102 {
		t.Errorf("third id of a = %d, want 102", got)
	}
}
