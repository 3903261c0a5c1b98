package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// profiler fetches the provider's Go profiles (--profile-dir): they show
// where the measured CPU and memory go. Failures are reported, not fatal.
type profiler struct {
	dir, url, prefix string
}

func (p profiler) on() bool { return p.dir != "" }

// heap writes the heap profile, named after the moment it was taken.
func (p profiler) heap(moment string) {
	if p.on() {
		p.fetch("heap?gc=1", fmt.Sprintf("%s-heap-%s.pprof", p.prefix, moment), 30*time.Second)
	}
}

// cpu starts a CPU profile of d; the channel closes when it is written.
func (p profiler) cpu(d time.Duration) <-chan struct{} {
	done := make(chan struct{})
	if !p.on() {
		close(done)
		return done
	}
	go func() {
		defer close(done)
		p.fetch(fmt.Sprintf("profile?seconds=%d", int(d.Seconds())), p.prefix+"-cpu.pprof", d+30*time.Second)
	}()
	return done
}

func (p profiler) fetch(query, name string, timeout time.Duration) {
	c := http.Client{Timeout: timeout}
	resp, err := httpGet(&c, p.url+query)
	if err != nil {
		fmt.Println("   profile:", err)
		return
	}
	defer resp.Body.Close()
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		fmt.Println("   profile:", err)
		return
	}
	f, err := os.Create(filepath.Join(p.dir, name))
	if err != nil {
		fmt.Println("   profile:", err)
		return
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err != nil {
		fmt.Println("   profile:", err)
	}
}
