/* fatekit page bundle of sources a90d9cb1afa6fa4c1b669e7c8b1d357d0d9a154a2fd329a2c94d4ab6a3554e3e */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-5C25Q54Z.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
