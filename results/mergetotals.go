package results

// totals merges the run's totals, latency, pool waits, waits and schedule.
func (m *merger) totals(r *Result) error {
	dur := m.duration()
	t := Totals{DurationS: dur, ErrorsByClass: map[string]int64{}, IgnoredByClass: map[string]int64{}}
	var lat, pool []part
	var waits *Waits
	var sched *Schedule
	for _, s := range m.shards {
		st := s.Result.Totals
		t.Transactions += st.Transactions
		t.Queries.Read += st.Queries.Read
		t.Queries.Write += st.Queries.Write
		t.Queries.Other += st.Queries.Other
		t.Queries.Total += st.Queries.Total
		t.Errors += st.Errors
		t.IgnoredErrors += st.IgnoredErrors
		t.Reconnects += st.Reconnects
		if st.Relogins != nil {
			t.Relogins = addPtr(t.Relogins, *st.Relogins)
		}
		t.Clamped += st.Clamped
		t.Rollbacks += st.Rollbacks
		t.ErrorsByClass = addCounts(t.ErrorsByClass, st.ErrorsByClass)
		t.IgnoredByClass = addCounts(t.IgnoredByClass, st.IgnoredByClass)
		t.Statements = addCounts(t.Statements, st.Statements)
		lat = append(lat, part{s.Name, s.Result.Latency, s.Result.Histogram})
		if st.PoolWait != nil {
			pool = append(pool, part{s.Name, *st.PoolWait, s.Result.PoolWaitHistogram})
		}
		if st.Waits != nil {
			waits = addWaits(waits, st.Waits)
		}
		if st.Schedule != nil {
			sched = addSchedule(sched, st.Schedule)
		}
	}
	t.TPS = perSecond(t.Transactions, dur)
	t.QPS = perSecond(t.Queries.Total, dur)
	t.StatementsPerSec = StatementRates(t.Statements, dur)
	if waits != nil {
		waits.ThinkMeanMs = mean(waits.ThinkTotalMs, waits.ThinkCount)
		waits.KeyingMeanMs = mean(waits.KeyingTotalMs, waits.KeyingCount)
		waits.PauseMeanMs = mean(waits.PauseTotalMs, waits.PauseCount)
		t.Waits = waits
	}
	if sched != nil {
		sched.TargetRate, sched.Arrival = r.Run.Rate, r.Run.RateArrival
		sched.LagAvgMs = mean(sched.LagAvgMs, sched.Starts) // the lag's sum, summed
		t.Schedule = sched
	}
	l, enc, err := m.latency("latency", lat)
	if err != nil {
		return err
	}
	r.Latency, r.Histogram = l, enc
	if len(pool) > 0 {
		pw, enc, err := m.latency("pool wait", pool)
		if err != nil {
			return err
		}
		t.PoolWait, r.PoolWaitHistogram = &pw, enc
	}
	r.Totals = t
	return nil
}

// addWaits adds w's counts and totals to sum (means are made at the end).
func addWaits(sum, w *Waits) *Waits {
	if sum == nil {
		sum = &Waits{}
	}
	sum.ThinkCount += w.ThinkCount
	sum.ThinkTotalMs += w.ThinkTotalMs
	sum.KeyingCount += w.KeyingCount
	sum.KeyingTotalMs += w.KeyingTotalMs
	sum.PauseCount += w.PauseCount
	sum.PauseTotalMs += w.PauseTotalMs
	return sum
}

// addSchedule adds s to sum; sum.LagAvgMs holds the lags' sum until the
// end (each shard's average times its starts).
func addSchedule(sum, s *Schedule) *Schedule {
	if sum == nil {
		sum = &Schedule{}
	}
	sum.Starts += s.Starts
	sum.Late += s.Late
	sum.Dropped += s.Dropped
	sum.LagAvgMs += s.LagAvgMs * float64(s.Starts)
	sum.LagMaxMs = max(sum.LagMaxMs, s.LagMaxMs)
	return sum
}

func mean(total float64, n int64) float64 {
	if n == 0 {
		return 0
	}
	return total / float64(n)
}

// transactions merges the transaction types, in the order the shards
// name them.
func (m *merger) transactions(r *Result) error {
	dur := r.Totals.DurationS
	r.Transactions = map[string]TxnStat{}
	r.TxnHistograms = map[string][]byte{}
	r.TxnOrder = nil
	for _, s := range m.shards {
		for _, name := range s.Result.TxnOrder {
			if _, ok := r.Transactions[name]; ok {
				continue
			}
			var st TxnStat
			var parts []part
			for _, o := range m.shards {
				ts, ok := o.Result.Transactions[name]
				if !ok {
					continue
				}
				st.Count += ts.Count
				st.Errors += ts.Errors
				st.IgnoredErrors += ts.IgnoredErrors
				st.Rollbacks += ts.Rollbacks
				st.P90LimitMs = max(st.P90LimitMs, ts.P90LimitMs)
				st.ErrorsByClass = addCounts(st.ErrorsByClass, ts.ErrorsByClass)
				st.IgnoredByClass = addCounts(st.IgnoredByClass, ts.IgnoredByClass)
				parts = append(parts, part{o.Name, ts.Latency, o.Result.TxnHistograms[name]})
			}
			lat, enc, err := m.latency("transaction "+name, parts)
			if err != nil {
				return err
			}
			st.Latency, st.TPS = lat, perSecond(st.Count, dur)
			r.Transactions[name] = st
			r.TxnHistograms[name] = enc
			r.TxnOrder = append(r.TxnOrder, name)
		}
	}
	return nil
}

// addPtr adds n to a count that is absent (nil) until some shard has it.
func addPtr(p *int64, n int64) *int64 {
	if p != nil {
		n += *p
	}
	return &n
}
