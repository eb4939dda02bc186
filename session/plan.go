package session

import "context"

// Plan is a Spec checked before anything connects, and the one pre-run
// chain every verb goes through: NewPlan validates the settings (all of a
// run's, or the users' only for the data verbs) and configures the
// workload with its options; Ready then opens the target, checks the
// dataset's stamp, refuses tables that are not the dataset's, and prepares
// the data if it is missing and the prepare policy allows. Run, Prepare,
// Cleanup and Check start from it; a launcher of shards calls Ready once,
// before its shards start, since shards never prepare.
type Plan struct {
	Spec Spec
	*Configured
}

// NewPlan checks s for a run (running) or for a verb on its data only,
// and its Finish (the output files writable, a threshold's operation the
// workload's), and configures its workload.
func NewPlan(s Spec, running bool) (*Plan, error) { return newPlan(s, running, nil) }

// newPlan is NewPlan with where the workload's own output goes.
func newPlan(s Spec, running bool, print func(string)) (*Plan, error) {
	check := s.CheckUsers
	if running {
		check = s.Check
	}
	if err := check(); err != nil {
		return nil, err
	}
	if err := s.Finish.CheckOutputs(); err != nil {
		return nil, err
	}
	c, err := configure(&s, print)
	if err != nil {
		return nil, err
	}
	if err := s.Finish.checkOps(c); err != nil {
		return nil, err
	}
	return &Plan{Spec: s, Configured: c}, nil
}

// open resolves p's target, connects and reads the dataset's state. The
// caller closes o.conn.
func (p *Plan) open(ctx context.Context) (*opened, error) {
	tg, err := ResolveTarget(p.Spec.Target)
	if err != nil {
		return nil, err
	}
	o := &opened{Configured: p.Configured, tg: tg}
	if o.conn, err = tg.Open(ctx); err != nil {
		return nil, err
	}
	o.ds = p.Inst.Dataset()
	if err := o.check(ctx, p.Spec.Workload); err != nil {
		o.conn.Close()
		return nil, err
	}
	return o, nil
}

// Ready makes sure the data of p is there, as Run does before it starts,
// for the whole run (its shards share one dataset): it opens the target,
// applies the prepare policy, refuses data made with other options and
// tables the dataset does not own, and prepares the data if it is missing
// (unless the policy is PrepareNever). It reports whether complete data was
// there before it was called (with any options): a caller that may drop the
// data later needs to know whether it made it.
func (p *Plan) Ready(ctx context.Context, obs Observer, version string) (had bool, err error) {
	if p.Spec.Shard != "" {
		whole := p.Spec
		whole.Shard = ""
		if p, err = newPlan(whole, false, nil); err != nil {
			return false, err
		}
	}
	s := p.Spec
	o, err := p.open(ctx)
	if err != nil {
		return false, err
	}
	defer o.conn.Close()
	had = o.state.Stamp != nil && o.state.Stamp.Complete
	return had, ready(ctx, &s, o, obs, version)
}

// Had reports whether complete data of p is on its target (with any
// options), without changing anything.
func (p *Plan) Had(ctx context.Context) (bool, error) {
	o, err := p.open(ctx)
	if err != nil {
		return false, err
	}
	defer o.conn.Close()
	return o.state.Stamp != nil && o.state.Stamp.Complete, nil
}
