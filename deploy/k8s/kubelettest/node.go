package kubelettest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"runtime"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

// registerNode creates (or takes over) the Node and reports it Ready, with
// the kubelet endpoint the apiserver dials for pod logs.
func (k *Kubelet) registerNode(ctx context.Context, port int) error {
	nodes := k.cs.CoreV1().Nodes()
	labels := map[string]string{
		"kubernetes.io/hostname": k.cfg.Node,
		"kubernetes.io/os":       runtime.GOOS,
		"kubernetes.io/arch":     runtime.GOARCH,
	}
	_, err := nodes.Create(ctx, &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: k.cfg.Node, Labels: labels}}, metav1.CreateOptions{})
	if apierrors.IsAlreadyExists(err) {
		// A Node left behind by a test that did not stop its kubelet.
		err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
			n, err := nodes.Get(ctx, k.cfg.Node, metav1.GetOptions{})
			if err != nil {
				return err
			}
			n.Labels, n.Spec = labels, corev1.NodeSpec{}
			_, err = nodes.Update(ctx, n, metav1.UpdateOptions{})
			return err
		})
	}
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		n, err := nodes.Get(ctx, k.cfg.Node, metav1.GetOptions{})
		if err != nil {
			return err
		}
		now := metav1.Now()
		resources := nodeAllocatable()
		cond := func(t corev1.NodeConditionType, s corev1.ConditionStatus, reason, msg string) corev1.NodeCondition {
			return corev1.NodeCondition{Type: t, Status: s, Reason: reason, Message: msg, LastHeartbeatTime: now, LastTransitionTime: now}
		}
		n.Status = corev1.NodeStatus{
			Capacity:    resources,
			Allocatable: resources,
			Phase:       corev1.NodeRunning,
			Conditions: []corev1.NodeCondition{
				cond(corev1.NodeMemoryPressure, corev1.ConditionFalse, "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
				cond(corev1.NodeDiskPressure, corev1.ConditionFalse, "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
				cond(corev1.NodePIDPressure, corev1.ConditionFalse, "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
				cond(corev1.NodeReady, corev1.ConditionTrue, "KubeletReady", "kubelet is posting ready status (kubelettest)"),
			},
			// Loopback is fine for pods/log (LogLocation dials the node's
			// address as given); only the nodes/proxy subresource refuses
			// non-global-unicast addresses ("address not allowed").
			Addresses: []corev1.NodeAddress{
				{Type: corev1.NodeInternalIP, Address: k.ip},
				{Type: corev1.NodeHostName, Address: k.cfg.Node},
			},
			DaemonEndpoints: corev1.NodeDaemonEndpoints{KubeletEndpoint: corev1.DaemonEndpoint{Port: int32(port)}},
			NodeInfo: corev1.NodeSystemInfo{
				MachineID:               "kubelettest",
				SystemUUID:              "kubelettest",
				BootID:                  strconv.FormatInt(now.UnixNano(), 10),
				KernelVersion:           "kubelettest",
				OSImage:                 "kubelettest",
				ContainerRuntimeVersion: "kubelettest://0",
				KubeletVersion:          "v1.37.2-kubelettest",
				OperatingSystem:         runtime.GOOS,
				Architecture:            runtime.GOARCH,
			},
		}
		_, err = nodes.UpdateStatus(ctx, n, metav1.UpdateOptions{})
		return err
	})
}

// nodeAllocatable is the node's capacity, all allocatable: the machine's
// CPUs, and nominal memory, storage and pods (nothing is enforced).
func nodeAllocatable() corev1.ResourceList {
	return corev1.ResourceList{
		corev1.ResourceCPU:              *resource.NewQuantity(int64(runtime.NumCPU()), resource.DecimalSI),
		corev1.ResourceMemory:           resource.MustParse("16Gi"),
		corev1.ResourceEphemeralStorage: resource.MustParse("100Gi"),
		corev1.ResourcePods:             resource.MustParse("110"),
	}
}

// servingTLS issues a serving certificate for ip and node, signed by the CA
// in caCertFile/caKeyFile. Client certificates (the apiserver presents its
// --kubelet-client-certificate) are verified against the same CA when given.
func servingTLS(caCertFile, caKeyFile, ip, node string) (*tls.Config, error) {
	caPEM, err := os.ReadFile(caCertFile)
	if err != nil {
		return nil, err
	}
	keyPEM, err := os.ReadFile(caKeyFile)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(caPEM)
	if block == nil {
		return nil, fmt.Errorf("%s: no PEM certificate", caCertFile)
	}
	caCert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, err
	}
	caKey, err := parseKey(keyPEM)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", caKeyFile, err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "system:node:" + node, Organization: []string{"system:nodes"}},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{node, "localhost"},
		IPAddresses:  []net.IP{net.ParseIP(ip)},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, key.Public(), caKey)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(caCert)
	return &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}},
		ClientAuth:   tls.VerifyClientCertIfGiven,
		ClientCAs:    pool,
		MinVersion:   tls.VersionTLS12,
	}, nil
}

// parseKey parses a PEM private key: PKCS#8 (what openssl req -newkey
// writes), PKCS#1 RSA or SEC 1 EC.
func parseKey(b []byte) (any, error) {
	for {
		block, rest := pem.Decode(b)
		if block == nil {
			return nil, errors.New("no PEM private key")
		}
		b = rest
		switch block.Type {
		case "PRIVATE KEY":
			return x509.ParsePKCS8PrivateKey(block.Bytes)
		case "RSA PRIVATE KEY":
			return x509.ParsePKCS1PrivateKey(block.Bytes)
		case "EC PRIVATE KEY":
			return x509.ParseECPrivateKey(block.Bytes)
		}
	}
}
