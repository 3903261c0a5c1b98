package emulator

// newID hands out the next id of kind (environments, deployment branch
// policies, ...), starting at first. Like GitHub, it never reuses one. The
// caller holds the write lock.
func (w *world) newID(kind string, first int64) int64 {
	if w.ids == nil {
		w.ids = map[string]int64{}
	}
	id, ok := w.ids[kind]
	if !ok || id < first-1 {
		id = first - 1
	}
	id++
	w.ids[kind] = id
	return id
}
