/* fatekit page bundle of sources a0a68939263129b4ee0aebecac1e459639c6747c0c4c75ded1625ffec2bfc4a4 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-VHECBRES.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
