from dataclasses import dataclass


@dataclass
class DefaultStrategy:
    """Densification by gradient thresholds (the original 3DGS heuristics)."""
    prune_opa: float = 0.005
    grow_grad2d: float = 0.0002
    refine_every: int = 100
    verbose: bool = False


@dataclass
class MCMCStrategy:
    """Relocation and sampling of Gaussians as MCMC."""
    cap_max: int = 1_000_000
    noise_lr: float = 5e5
    refine_every: int = 100
    verbose: bool = False
