package k8s

import (
	"context"
	"io"

	authv1 "k8s.io/api/authorization/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
)

// The few API calls a launch makes, over REST clients of the three API
// groups it uses. client-go's typed clientset would link every API group
// of Kubernetes into dbgauge (its scheme registers them all): about 30 MB
// of binary for eight kinds of call.
type api struct {
	core, batch, auth *rest.RESTClient
}

func newAPI(cfg *rest.Config) (*api, error) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{corev1.AddToScheme, batchv1.AddToScheme, authv1.AddToScheme} {
		if err := add(scheme); err != nil {
			return nil, err
		}
	}
	metav1.AddToGroupVersion(scheme, schema.GroupVersion{Version: "v1"})
	codecs := serializer.NewCodecFactory(scheme).WithoutConversion()
	client := func(gv schema.GroupVersion, path string) (*rest.RESTClient, error) {
		c := rest.CopyConfig(cfg)
		c.GroupVersion, c.APIPath, c.NegotiatedSerializer = &gv, path, codecs
		return rest.RESTClientFor(c)
	}
	a := &api{}
	var err error
	if a.core, err = client(corev1.SchemeGroupVersion, "/api"); err != nil {
		return nil, err
	}
	if a.batch, err = client(batchv1.SchemeGroupVersion, "/apis"); err != nil {
		return nil, err
	}
	if a.auth, err = client(authv1.SchemeGroupVersion, "/apis"); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *api) reviewAccess(ctx context.Context, r *authv1.SelfSubjectAccessReview) (*authv1.SelfSubjectAccessReview, error) {
	out := &authv1.SelfSubjectAccessReview{}
	return out, a.auth.Post().Resource("selfsubjectaccessreviews").Body(r).Do(ctx).Into(out)
}

func (a *api) createSecret(ctx context.Context, s *corev1.Secret) error {
	return a.core.Post().Namespace(s.Namespace).Resource("secrets").Body(s).Do(ctx).Error()
}

func (a *api) deleteSecret(ctx context.Context, ns, name string) error {
	return a.core.Delete().Namespace(ns).Resource("secrets").Name(name).Do(ctx).Error()
}

func (a *api) createJob(ctx context.Context, j *batchv1.Job) (*batchv1.Job, error) {
	out := &batchv1.Job{}
	return out, a.batch.Post().Namespace(j.Namespace).Resource("jobs").Body(j).Do(ctx).Into(out)
}

func (a *api) getJob(ctx context.Context, ns, name string) (*batchv1.Job, error) {
	out := &batchv1.Job{}
	return out, a.batch.Get().Namespace(ns).Resource("jobs").Name(name).Do(ctx).Into(out)
}

func (a *api) patchJob(ctx context.Context, ns, name string, mergePatch []byte) error {
	return a.batch.Patch(types.MergePatchType).Namespace(ns).Resource("jobs").Name(name).Body(mergePatch).Do(ctx).Error()
}

// deleteJob deletes a Job; its pods go with it (background propagation).
func (a *api) deleteJob(ctx context.Context, ns, name string) error {
	bg := metav1.DeletePropagationBackground
	return a.batch.Delete().Namespace(ns).Resource("jobs").Name(name).
		Body(&metav1.DeleteOptions{PropagationPolicy: &bg}).Do(ctx).Error()
}

func (a *api) listPods(ctx context.Context, ns, selector string) (*corev1.PodList, error) {
	out := &corev1.PodList{}
	return out, a.core.Get().Namespace(ns).Resource("pods").Param("labelSelector", selector).Do(ctx).Into(out)
}

// podLog is a container's log, followed to the container's end if follow.
func (a *api) podLog(ctx context.Context, ns, pod, container string, follow bool) (io.ReadCloser, error) {
	req := a.core.Get().Namespace(ns).Resource("pods").Name(pod).SubResource("log").Param("container", container)
	if follow {
		req = req.Param("follow", "true")
	}
	return req.Stream(ctx)
}
