package results

// HostSample is the host and dbgauge's own process over one interval:
// percentages of all CPUs, rates per second.
type HostSample struct {
	CPUUserPct   float64               `json:"cpu_user_pct"`
	CPUSystemPct float64               `json:"cpu_system_pct"`
	CPUIowaitPct float64               `json:"cpu_iowait_pct"`
	CPUStealPct  float64               `json:"cpu_steal_pct"`
	CPUIdlePct   float64               `json:"cpu_idle_pct"`
	Load1        float64               `json:"load1"`
	MemUsedMB    float64               `json:"mem_used_mb"`
	MemCachedMB  float64               `json:"mem_cached_mb"`
	Disks        map[string]DiskSample `json:"disks,omitempty"`
	NetRxMBs     float64               `json:"net_rx_mb_s"`
	NetTxMBs     float64               `json:"net_tx_mb_s"`
	// ProcCPUPct is dbgauge's CPU in percent of one core; ProcRSSMB its RSS.
	ProcCPUPct float64 `json:"proc_cpu_pct"`
	ProcRSSMB  float64 `json:"proc_rss_mb"`
	// dbgauge's Go memory in MB: the heap the last collection found live,
	// heap objects (live and not yet swept), free heap the runtime keeps,
	// goroutine stacks, and everything the runtime holds.
	GoLiveMB   float64 `json:"go_live_mb"`
	GoHeapMB   float64 `json:"go_heap_mb"`
	GoFreeMB   float64 `json:"go_free_mb"`
	GoStacksMB float64 `json:"go_stacks_mb"`
	GoTotalMB  float64 `json:"go_total_mb"`
	// The database server's process tree, when it runs on this host:
	// CPU in percent of one core and proportional memory (PSS).
	ServerCPUPct float64 `json:"server_cpu_pct,omitempty"`
	ServerMemMB  float64 `json:"server_mem_mb,omitempty"`
	// Server is the database server's own statistics over the latest poll
	// window (at most one interval behind): the key counters as rates per
	// second ("xact_commit/s"), its gauges and ratios, by the server's
	// names. Nil for a server without statistics or with --no-monitor.
	Server map[string]float64 `json:"server,omitempty"`
}

// DiskSample is one block device over one interval, as iostat -x shows it.
type DiskSample struct {
	ReadIOPS  float64 `json:"r_s"`
	WriteIOPS float64 `json:"w_s"`
	ReadMBs   float64 `json:"rmb_s"`
	WriteMBs  float64 `json:"wmb_s"`
	UtilPct   float64 `json:"util_pct"`
	AwaitMs   float64 `json:"await_ms"`
}

// Resources digests the host samples of the measured intervals.
type Resources struct {
	Samples       int     `json:"samples"`
	CPUUserAvg    float64 `json:"cpu_user_avg_pct"`
	CPUSystemAvg  float64 `json:"cpu_system_avg_pct"`
	CPUIowaitAvg  float64 `json:"cpu_iowait_avg_pct"`
	CPUIowaitPeak float64 `json:"cpu_iowait_peak_pct"`
	CPUStealAvg   float64 `json:"cpu_steal_avg_pct"`
	CPUIdleAvg    float64 `json:"cpu_idle_avg_pct"`
	CPUBusyPeak   float64 `json:"cpu_busy_peak_pct"`
	Load1Peak     float64 `json:"load1_peak"`
	MemUsedPeakMB float64 `json:"mem_used_peak_mb"`
	DiskUtilPeak  float64 `json:"disk_util_peak_pct"`
	DiskPeakName  string  `json:"disk_util_peak_device,omitempty"`
	// The busiest device over the run, the one with the most reads and
	// writes: its average IOPS (reads + writes per second) and its
	// average utilisation.
	DiskIOPSAvg   float64 `json:"disk_iops_avg,omitempty"`
	DiskUtilAvg   float64 `json:"disk_util_avg_pct,omitempty"`
	DiskBusiest   string  `json:"disk_busiest_device,omitempty"`
	ProcCPUAvg    float64 `json:"proc_cpu_avg_pct"`
	ProcCPUPeak   float64 `json:"proc_cpu_peak_pct"`
	ProcRSSPeakMB float64 `json:"proc_rss_peak_mb"`
	// The local database server: CPU average and peak (percent of one
	// core), memory peak, memory before the workers connected, and the
	// memory per connection estimated as (average during the run − before)
	// / threads.
	ServerCPUAvg       float64 `json:"server_cpu_avg_pct,omitempty"`
	ServerCPUPeak      float64 `json:"server_cpu_peak_pct,omitempty"`
	ServerMemPeakMB    float64 `json:"server_mem_peak_mb,omitempty"`
	ServerMemBeforeMB  float64 `json:"server_mem_before_mb,omitempty"`
	MemPerConnectionKB float64 `json:"server_mem_per_connection_kb,omitempty"`
}

// Environment is what tells two results apart: the machine, the software
// and every option in effect (the options are in Workload and Run).
type Environment struct {
	Hostname   string `json:"hostname"`
	OS         string `json:"os"`
	Kernel     string `json:"kernel"`
	CPUModel   string `json:"cpu_model"`
	CPUs       int    `json:"cpus"`
	MemoryMB   int64  `json:"memory_mb"`
	GoVersion  string `json:"go_version"`
	Version    string `json:"dbgauge_version"`
	Commit     string `json:"dbgauge_commit,omitempty"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	GOGC       int    `json:"gogc,omitempty"` // the collector's percent during the run; -1 off
	// ClientSockets is how the run's connections read: "blocking" sockets
	// (few connections for the cores) or Go's "netpoll".
	ClientSockets string `json:"client_sockets,omitempty"`
	// ClientSocketsProbe is what the run measured of both modes before it
	// chose ClientSockets (DBGAUGE_SOCKETS=auto).
	ClientSocketsProbe *SocketProbe `json:"client_sockets_probe,omitempty"`
	// ClientWakeups: the run's wake-up experiments (DBGAUGE_WAKEUPS).
	ClientWakeups *Wakeups `json:"client_wakeups,omitempty"`
	DataPath      string   `json:"data_path,omitempty"`
	Filesystem    string   `json:"filesystem,omitempty"`
	Device        string   `json:"device,omitempty"`
	Rotational    *bool    `json:"rotational,omitempty"`
	CommandLine   string   `json:"command_line"`
	// ServerSettings are the server settings the run changed
	// (--server-set), in the order given.
	ServerSettings []ServerSetting `json:"server_settings,omitempty"`
	// ServerData and ServerLog are where the database server keeps its
	// data and its write-ahead (redo) log, as the server says; nil when
	// it does not say (no such ability, no privilege).
	ServerData *StoragePlace `json:"server_data,omitempty"`
	ServerLog  *StoragePlace `json:"server_log,omitempty"`
}

// StoragePlace is a directory where a database server keeps its files:
// the path as the server names it and, for a server on this host, the
// mount and device under it.
type StoragePlace struct {
	Path string `json:"path"`
	// Setting says where the path came from ("data_directory/pg_wal",
	// "innodb_log_group_home_dir").
	Setting string `json:"setting,omitempty"`
	// Local: the server runs on this host (reached through a Unix socket,
	// loopback or one of this host's addresses).
	Local bool `json:"local"`
	// RealPath is Path with its symbolic links resolved, when it differs:
	// a WAL moved to a disk of its own is a link.
	RealPath   string `json:"real_path,omitempty"`
	Mount      string `json:"mount,omitempty"`
	Filesystem string `json:"filesystem,omitempty"`
	// Device is the mounted device (/dev/sdb1); Disk the whole disk it is
	// a partition of (sdb), when the kernel says.
	Device     string `json:"device,omitempty"`
	Disk       string `json:"disk,omitempty"`
	Rotational *bool  `json:"rotational,omitempty"`
	// Unknown says why the device is not recorded: the server is on
	// another host, or the path cannot be read from here.
	Unknown string `json:"device_unknown,omitempty"`
}

// ServerSetting is a server setting a run changed before it started and
// put back when it ended: the value asked for, the value in force during
// the run as the server showed it ("64MB" for 65536kB), the value before,
// and whether it was put back (RestoreError says why not).
type ServerSetting struct {
	Name         string `json:"name"`
	Value        string `json:"value"`
	InForce      string `json:"in_force"`
	Previous     string `json:"previous"`
	Restored     bool   `json:"restored"`
	RestoreError string `json:"restore_error,omitempty"`
}

// Server is the database server's statistics over the run, AWR-style: the
// difference of its counters between the start and the end, its gauges at
// the end, ratios derived from the difference, and its settings.
type Server struct {
	Settings map[string]string  `json:"settings,omitempty"`
	Delta    map[string]float64 `json:"delta,omitempty"`
	Gauges   map[string]float64 `json:"gauges,omitempty"`
	Ratios   map[string]float64 `json:"ratios,omitempty"`
}

// SocketProbe is the client CPU per transaction (µs, the whole process:
// user and system time over the transactions finished) that a run measured
// with blocking sockets and with Go's netpoller, over the same load in
// alternating turns, and the mode it kept: the cheaper, or blocking sockets
// when a mode finished too few transactions to say (Inconclusive says so).
// Windows are the counted turns in order.
type SocketProbe struct {
	Chosen       string        `json:"chosen"`
	BlockingUs   float64       `json:"blocking_us_per_txn"`
	NetpollUs    float64       `json:"netpoll_us_per_txn"`
	BlockingTxns int64         `json:"blocking_txns"`
	NetpollTxns  int64         `json:"netpoll_txns"`
	Inconclusive string        `json:"inconclusive,omitempty"`
	Windows      []ProbeWindow `json:"windows,omitempty"`
}

// ProbeWindow is one counted turn of the socket probe: the mode, the
// transactions finished in it and the process's CPU time (µs).
type ProbeWindow struct {
	Mode  string  `json:"mode"`
	Txns  int64   `json:"txns"`
	CPUUs float64 `json:"cpu_us"`
}

// Wakeups are the wake-up experiments a run was asked for
// (DBGAUGE_WAKEUPS) and applied, and the process's GC stop-the-world
// pauses by the end of the run (counts; bucket upper bounds, ms): the
// whole pause, and the part spent stopping the running goroutines.
type Wakeups struct {
	Asked           string  `json:"asked"`
	Applied         string  `json:"applied"`
	GCPauses        int64   `json:"gc_pauses"`
	GCPauseMaxMs    float64 `json:"gc_pause_max_ms"`
	GCPauseP99Ms    float64 `json:"gc_pause_p99_ms"`
	GCStoppingMaxMs float64 `json:"gc_stopping_max_ms"`
}
