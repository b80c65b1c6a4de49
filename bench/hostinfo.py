"""What the benchmarks print about the host: its CPU model and flags.

Every figure in docs/performance.md is recorded with the CPU it was
measured on (model, and whether it has AVX-512), so the bench scripts share
this reading of /proc/cpuinfo.
"""


def cpu_model_and_flags():
    """(model name, set of CPU flags) of the first CPU in /proc/cpuinfo."""
    model, flags = "unknown CPU", set()
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name") and model == "unknown CPU":
                    model = line.split(":", 1)[1].strip()
                if line.startswith("flags") and not flags:
                    flags = set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return model, flags
